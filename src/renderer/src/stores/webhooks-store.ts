import type { AppErrorShape } from '../../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../../shared/contract/channels'
import type { LocalEndpoint, SignatureCheckResult } from '../../../shared/contract/webhook-schema'
import { invoke } from '../api/client'
import { createStore } from './create-store'
import { toErrorShape } from './error-shape'

export type WebhooksTab = 'endpoints' | 'sandbox' | 'checker'
export type SandboxDeliveryView = InvokeResponse<'listSandboxDeliveries'>[number]
export type TestEventRequest = InvokeRequest<'sendTestEvent'>

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

export interface TestEventFields {
  type: TestEventRequest['type']
  paymentId: string
  code: string
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
  deliveries: SandboxDeliveryView[]
  /** null: deliveries to every endpoint registered from this app on the sandbox. */
  deliveriesEndpointId: string | null
  deliveriesLoaded: boolean
  deliveriesFetching: boolean
  deliveriesError: AppErrorShape | null
  deliveriesUpdatedAt: number | null
  testEvent: TestEventFields
  sendingEvent: boolean
  sendError: AppErrorShape | null
  lastSent: InvokeResponse<'sendTestEvent'> | null

  setTab: (tab: WebhooksTab) => void
  load: () => Promise<void>
  register: (request: InvokeRequest<'registerWebhook'>) => Promise<RegisterOutcome>
  select: (endpointId: string | null) => void
  setChecker: (patch: Partial<CheckerFields>) => void
  check: () => Promise<void>
  /** Opens the checker with what the delivery list knows: the hook-id, the timestamp and the endpoint. */
  checkDelivery: (delivery: SandboxDeliveryView) => void
  setDeliveriesEndpoint: (endpointId: string | null) => void
  refreshDeliveries: () => Promise<void>
  setTestEvent: (patch: Partial<TestEventFields>) => void
  sendTestEvent: (request: TestEventRequest) => Promise<boolean>
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
  deliveries: [],
  deliveriesEndpointId: null,
  deliveriesLoaded: false,
  deliveriesFetching: false,
  deliveriesError: null,
  deliveriesUpdatedAt: null,
  testEvent: { type: 'payment.failed', paymentId: 'pay_seed_pending_1', code: 'card_declined' },
  sendingEvent: false,
  sendError: null,
  lastSent: null,

  setTab(tab) {
    set({ tab })
  },

  async load() {
    set({ loading: true })
    try {
      const endpoints = await invoke('listWebhooks', {})
      set((state) => ({ endpoints, loaded: true, loadError: null, checker: withDefaultEndpoint(state.checker, endpoints) }))
    } catch (error) {
      set({ loadError: toErrorShape(error) })
    } finally {
      set({ loading: false })
    }
  },

  async register(request) {
    set({ registering: true, registerError: null })
    try {
      const endpoint = await invoke('registerWebhook', request)
      set((state) => {
        const endpoints = [endpoint, ...state.endpoints.filter((e) => e.id !== endpoint.id)]
        return { endpoints, selectedId: endpoint.id, checker: withDefaultEndpoint(state.checker, endpoints) }
      })
      return { kind: 'registered', endpoint }
    } catch (error) {
      const shape = toErrorShape(error)
      set({ registerError: shape })
      // Registered, but the list could not be saved: the endpoint is listed until the app closes, so show it.
      if (shape.code === 'storage') void get().load()
      return { kind: 'failed', error: shape }
    } finally {
      set({ registering: false })
    }
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
      set({ checkError: { code: 'validation', message: 'Pick the endpoint whose secret signed the delivery, or paste a secret.' }, result: null })
      return
    }
    const secret = checker.secretSource === 'stored' && checker.endpointId !== null ? { endpointId: checker.endpointId } : { value: checker.pastedSecret }
    set({ checking: true, checkError: null, result: null })
    try {
      const result = await invoke('verifySignature', {
        body: checker.body,
        hookId: checker.hookId,
        hookTimestamp: checker.hookTimestamp,
        hookSignature: checker.hookSignature,
        secret,
        ignoreTimestamp: checker.ignoreTimestamp,
      })
      set({ result })
    } catch (error) {
      set({ checkError: toErrorShape(error) })
    } finally {
      set({ checking: false })
    }
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

  setDeliveriesEndpoint(endpointId) {
    set({ deliveriesEndpointId: endpointId, deliveries: [], deliveriesLoaded: false })
    void get().refreshDeliveries()
  },

  async refreshDeliveries() {
    if (get().deliveriesFetching) return
    const endpointId = get().deliveriesEndpointId
    set({ deliveriesFetching: true })
    const answer = await invoke('listSandboxDeliveries', endpointId === null ? {} : { endpointId }).then(
      (deliveries) => ({ deliveries }),
      (error: unknown) => ({ error: toErrorShape(error) }),
    )
    set({ deliveriesFetching: false })
    // The filter may have changed while this answer was on its way: ask again for the new one.
    if (get().deliveriesEndpointId !== endpointId) {
      await get().refreshDeliveries()
      return
    }
    if ('error' in answer) set({ deliveriesError: answer.error })
    else set({ deliveries: answer.deliveries, deliveriesLoaded: true, deliveriesError: null, deliveriesUpdatedAt: Date.now() })
  },

  setTestEvent(patch) {
    set((state) => ({ testEvent: { ...state.testEvent, ...patch }, sendError: null }))
  },

  async sendTestEvent(request) {
    set({ sendingEvent: true, sendError: null })
    try {
      const lastSent = await invoke('sendTestEvent', request)
      set({ lastSent })
      void get().refreshDeliveries()
      return true
    } catch (error) {
      set({ sendError: toErrorShape(error) })
      return false
    } finally {
      set({ sendingEvent: false })
    }
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
