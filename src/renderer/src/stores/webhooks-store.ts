import type { AppErrorShape } from '../../../shared/app-error'
import type { InvokeRequest } from '../../../shared/contract/channels'
import type { LocalEndpoint, SignatureCheckResult } from '../../../shared/contract/webhook-schema'
import { call } from '../api/client'
import { createStore } from './create-store'
import type { SandboxDeliveryView } from './webhook-sandbox-store'

export type WebhooksTab = 'endpoints' | 'sandbox' | 'checker'

export interface CheckerFields {
  body: string
  hookId: string
  hookTimestamp: string
  hookSignature: string
  secretSource: 'stored' | 'pasted'
  endpointId: string | null
  pastedSecret: string
  ignoreTimestamp: boolean
}

export type RegisterOutcome = { kind: 'registered'; endpoint: LocalEndpoint } | { kind: 'failed'; error: AppErrorShape }

const emptyChecker: CheckerFields = {
  body: '',
  hookId: '',
  hookTimestamp: '',
  hookSignature: '',
  secretSource: 'stored',
  endpointId: null,
  pastedSecret: '',
  ignoreTimestamp: false,
}

interface WebhooksState {
  tab: WebhooksTab
  endpoints: LocalEndpoint[]
  loading: boolean
  loaded: boolean
  loadError: AppErrorShape | null
  selectedId: string | null
  registering: boolean
  registerError: AppErrorShape | null
  checker: CheckerFields
  /** Why the checker was pre-filled from a delivery, shown above its fields. */
  prefillNote: string | null
  checking: boolean
  result: SignatureCheckResult | null
  checkError: AppErrorShape | null

  setTab: (tab: WebhooksTab) => void
  load: () => Promise<void>
  register: (request: InvokeRequest<'registerWebhook'>) => Promise<RegisterOutcome>
  select: (endpointId: string | null) => void
  setChecker: (patch: Partial<CheckerFields>) => void
  check: () => Promise<void>
  /** Opens the checker with what the delivery list knows: the hook-id, the timestamp and the endpoint. */
  checkDelivery: (delivery: SandboxDeliveryView) => void
  /** The user left the screen: forget what was pasted as a secret. */
  leave: () => void
}

function withDefaultEndpoint(checker: CheckerFields, endpoints: LocalEndpoint[]): CheckerFields {
  if (checker.endpointId !== null && endpoints.some((e) => e.id === checker.endpointId)) return checker
  return { ...checker, endpointId: endpoints[0]?.id ?? null }
}

export const useWebhooks = createStore<WebhooksState>((set, get) => ({
  tab: 'endpoints',
  endpoints: [],
  loading: false,
  loaded: false,
  loadError: null,
  selectedId: null,
  registering: false,
  registerError: null,
  checker: emptyChecker,
  prefillNote: null,
  checking: false,
  result: null,
  checkError: null,

  setTab(tab) {
    set({ tab })
  },

  async load() {
    set({ loading: true })
    const answer = await call('listWebhooks', {})
    if (!answer.ok) {
      set({ loading: false, loadError: answer.error })
      return
    }
    const endpoints = answer.value
    set((state) => ({ loading: false, endpoints, loaded: true, loadError: null, checker: withDefaultEndpoint(state.checker, endpoints) }))
  },

  async register(request) {
    set({ registering: true, registerError: null })
    const answer = await call('registerWebhook', request)
    if (!answer.ok) {
      set({ registering: false, registerError: answer.error })
      // Registered, but the list could not be saved: the endpoint is listed until the app closes, so show it.
      if (answer.error.code === 'storage') void get().load()
      return { kind: 'failed', error: answer.error }
    }
    const endpoint = answer.value
    set((state) => {
      const endpoints = [endpoint, ...state.endpoints.filter((e) => e.id !== endpoint.id)]
      return { registering: false, endpoints, selectedId: endpoint.id, checker: withDefaultEndpoint(state.checker, endpoints) }
    })
    return { kind: 'registered', endpoint }
  },

  select(endpointId) {
    set({ selectedId: endpointId })
  },

  setChecker(patch) {
    set((state) => ({
      checker: { ...state.checker, ...patch },
      result: null,
      checkError: null,
      // Once the body or the signature is being filled in, the note asking for them has done its job.
      prefillNote: patch.body || patch.hookSignature ? null : state.prefillNote,
    }))
  },

  async check() {
    const { checker } = get()
    if (checker.secretSource === 'stored' && checker.endpointId === null) {
      set({
        checkError: { code: 'validation', message: 'Pick the endpoint whose secret signed the delivery, or paste a secret.' },
        result: null,
      })
      return
    }
    const secret =
      checker.secretSource === 'stored' && checker.endpointId !== null
        ? { endpointId: checker.endpointId }
        : { value: checker.pastedSecret }
    set({ checking: true, checkError: null, result: null })
    const { body, hookId, hookTimestamp, hookSignature, ignoreTimestamp } = checker
    const answer = await call('verifySignature', { body, hookId, hookTimestamp, hookSignature, secret, ignoreTimestamp })
    set(answer.ok ? { checking: false, result: answer.value } : { checking: false, checkError: answer.error })
  },

  checkDelivery(delivery) {
    const last = delivery.attempts.at(-1)
    const endpointId = delivery.localEndpointId
    set((state) => ({
      tab: 'checker',
      result: null,
      checkError: null,
      checker: {
        ...state.checker,
        hookId: delivery.hookId,
        hookTimestamp: last ? String(last.hookTimestamp) : '',
        hookSignature: '',
        body: '',
        ...(endpointId === null ? {} : { secretSource: 'stored' as const, endpointId }),
      },
      prefillNote: last
        ? `Filled in from the ${delivery.eventType} delivery: its hook-id and the hook-timestamp of attempt ${last.attempt} (each attempt is signed afresh). The body and the signature are not in the sandbox's delivery list: paste them from your receiver's log.`
        : `Filled in the hook-id of the ${delivery.eventType} delivery. It has no attempt yet, so no timestamp; the body and the signature are not in the delivery list: paste them from your receiver's log.`,
    }))
  },

  leave() {
    set((state) => ({
      checker: { ...state.checker, pastedSecret: '' },
      result: state.checker.secretSource === 'pasted' ? null : state.result,
    }))
  },
}))

export function selectSelectedEndpoint(state: WebhooksState): LocalEndpoint | undefined {
  return state.endpoints.find((e) => e.id === state.selectedId)
}
