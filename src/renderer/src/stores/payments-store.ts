import type { AppErrorShape } from '../../../shared/app-error'
import type { IpcResult } from '../../../shared/contract/ipc-result'
import type { LinkOpening } from '../../../shared/contract/link-schema'
import type { PaymentLookup } from '../../../shared/contract/payment-schema'
import { explainDecline } from '../../../shared/decline-codes'
import type { EnvironmentId } from '../../../shared/environments'
import { extractPaymentId } from '../../../shared/extract-payment-id'
import { checkPaymentId } from '../../../shared/payment-id'
import { invoke } from '../api/client'
import { announce } from '../shell/announcer'
import { notifyIfAway } from '../shell/notify-away'
import { useShallow } from 'zustand/react/shallow'
import { defaultAccount } from '../../../shared/accounts'
import { selectActiveAccount, selectActiveEnvironment, useConnection } from './connection-store'
import { createStore } from './create-store'
import { toErrorShape } from './error-shape'

/** What a lookup answers: an ID, in the environment and account in use when it was asked. */
export interface LookupKey {
  id: string
  environment: EnvironmentId
  account: string
}

export type Lookup =
  | { key: LookupKey; status: 'loading' }
  | { key: LookupKey; status: 'done'; result: PaymentLookup }
  | { key: LookupKey; status: 'failed'; error: AppErrorShape }

interface PaymentsState {
  /** What is in the ID field. */
  input: string
  /** Said under the field; nothing was sent (an invalid ID, several IDs pasted). */
  fieldError: string | null
  /** Said under the field when the ID was taken out of longer pasted text. */
  fieldHint: string | null
  /** The IDs found in text that held more than one, to pick from. */
  candidates: string[]
  /** The last lookup asked for (running, answered or failed); shown only while it answers the field (selectShownLookup). */
  lookup: Lookup | null
  /** A payments-desk:// link that was refused: nothing was looked up. */
  linkError: AppErrorShape | null
  /** The navigation store's Ctrl/Cmd+K counter already acted on. */
  seenFocusRequest: number
  setInput(value: string): void
  /** Puts the ID found in pasted text in the field; false when there is nothing to take (let the paste happen). */
  paste(text: string): boolean
  /** Enter in the field: extract and check the ID, then look it up, or say why not. */
  submit(): Promise<void>
  /** Looks up an ID picked from a list (recent lookups, candidates, examples). */
  open(id: string): Promise<void>
  retry(): Promise<void>
  /** The lookup the service asked to wait for ('service-asked-to-wait'), sent now anyway. */
  sendAnyway(): Promise<void>
  /** Drops the lookup the service asked to wait for: nothing was sent. */
  cancelWaiting(): void
  /** A payments-desk:// link as main decided it (its account already chosen): its ID looked up, or why not. */
  openLink(delivery: IpcResult<LinkOpening>): Promise<void>
  markFocusSeen(request: number): void
}

let latest = 0

/** The one ID the field holds, checked as a lookup would check it; null when it holds none or several. */
export function idInField(input: string): string | null {
  const found = extractPaymentId(input)
  if (found.kind !== 'found') return null
  const checked = checkPaymentId(found.id)
  return checked.ok ? checked.id : null
}

/** Where a lookup made now would look: the environment and account in use. */
export type LookupPlace = Omit<LookupKey, 'id'>

export function selectLookupPlace(connection: ReturnType<typeof useConnection.getState>): LookupPlace {
  return { environment: selectActiveEnvironment(connection), account: selectActiveAccount(connection)?.id ?? defaultAccount.id }
}

/** True when `key` is the ID in the field, looked up where lookups go now. */
export function answersField(key: LookupKey, input: string, place: LookupPlace): boolean {
  return key.id === idInField(input) && key.environment === place.environment && key.account === place.account
}

/**
 * The screen's one rule: a lookup is shown only while it answers the ID in the field, in the
 * environment and account in use. Anything else (an earlier ID, the sandbox's answer under
 * Production, another account's) shows nothing.
 */
export function selectShownLookup(payments: Pick<PaymentsState, 'input' | 'lookup'>, place: LookupPlace): Lookup | null {
  const { lookup } = payments
  return lookup !== null && answersField(lookup.key, payments.input, place) ? lookup : null
}

/** The lookup the screen shows now (selectShownLookup), re-rendering when the field, the lookup or the place changes. */
export function useShownLookup(): Lookup | null {
  const place = useConnection(useShallow(selectLookupPlace))
  return usePayments((s) => selectShownLookup(s, place))
}

/** A found payment in a few words: its status and, when the last attempt failed, why. */
function describeFound(lookup: PaymentLookup): { title: string; failure: string | null } {
  const attempt = lookup.payment.lastDepositAttempt
  const status = lookup.payment.status ?? attempt?.status ?? 'found'
  const title = `Payment ${lookup.id}: ${status}`
  if (attempt?.status === 'failed' || (attempt?.error ?? '') !== '') {
    const explanation = explainDecline(attempt?.error)
    return { title, failure: `${explanation.title} (${explanation.code || 'no code'})` }
  }
  return { title, failure: null }
}

function ambiguity(candidates: string[]): string {
  return `That text holds ${candidates.length} different IDs, so none was picked: choose one below, or leave only one in the field.`
}

export const usePayments = createStore<PaymentsState>((set, get) => {
  /** Still the latest lookup, and still what the screen shows: only then may its answer be said. */
  const current = (run: number): boolean => run === latest && selectShownLookup(get(), selectLookupPlace(useConnection.getState())) !== null

  async function lookup(id: string, sendAnyway = false): Promise<void> {
    // The last Enter wins: an earlier lookup still running is dropped when it answers (getPayment cannot be cancelled).
    const run = ++latest
    const key = { id, ...selectLookupPlace(useConnection.getState()) }
    set({ lookup: { key, status: 'loading' }, linkError: null, fieldError: null, candidates: [] })
    try {
      const result = await invoke('getPayment', sendAnyway ? { id, sendAnyway } : { id })
      if (run !== latest) return
      // Keyed by where main looked, which the answer says.
      set({ lookup: { key: { id, environment: result.environment, account: result.account.id }, status: 'done', result } })
      if (!current(run)) return
      const found = describeFound(result)
      const away = notifyIfAway('payments', {
        title: found.title,
        message: found.failure ?? 'Open Payments to see it.',
        color: found.failure === null ? 'teal' : 'red',
      })
      if (!away) announce(found.failure === null ? `${found.title}.` : `${found.title}. Last attempt failed: ${found.failure}.`)
    } catch (caught) {
      if (run !== latest) return
      const error = toErrorShape(caught)
      if (error.code === 'invalid-id') {
        set({ lookup: null, fieldError: error.message })
        return
      }
      set({ lookup: { key, status: 'failed', error } })
      if (!current(run)) return
      const away = notifyIfAway('payments', {
        title: `Lookup of ${id}`,
        message: error.message,
        color: error.code === 'not-found' ? 'gray' : 'red',
      })
      // Other failures are said at once by their ErrorAlert.
      if (!away && error.code === 'not-found') announce(`${error.message} Looked up ${id}.`)
    } finally {
      // The main process keeps the recent lookups; read them again whatever happened.
      void useConnection.getState().load()
    }
  }

  return {
    input: '',
    fieldError: null,
    fieldHint: null,
    candidates: [],
    lookup: null,
    linkError: null,
    seenFocusRequest: 0,
    setInput(value) {
      set({ input: value, fieldError: null, fieldHint: null, candidates: [], linkError: null })
    },
    paste(text) {
      const found = extractPaymentId(text)
      if (found.kind === 'empty') return false
      if (found.kind === 'ambiguous') {
        set({ input: text.trim(), fieldError: ambiguity(found.candidates), fieldHint: null, candidates: found.candidates, linkError: null })
        return true
      }
      set({
        linkError: null,
        input: found.id,
        fieldError: null,
        fieldHint: found.extracted ? `Took ${found.id} out of the pasted text.` : null,
        candidates: [],
      })
      return true
    },
    async submit() {
      const found = extractPaymentId(get().input)
      if (found.kind === 'empty') {
        set({ fieldError: 'Enter a payment ID, or paste a link or a sentence that contains one.', candidates: [] })
        return
      }
      if (found.kind === 'ambiguous') {
        set({ fieldError: ambiguity(found.candidates), fieldHint: null, candidates: found.candidates })
        return
      }
      const checked = checkPaymentId(found.id)
      if (!checked.ok) {
        set({ fieldError: checked.message, fieldHint: null, candidates: [] })
        return
      }
      if (found.extracted) set({ input: checked.id, fieldHint: `Took ${checked.id} out of the text in the field.` })
      await lookup(checked.id)
    },
    async open(id) {
      set({ input: id, fieldHint: null })
      await lookup(id)
    },
    async retry() {
      const id = get().lookup?.key.id
      if (id !== undefined) await lookup(id)
    },
    async sendAnyway() {
      const id = get().lookup?.key.id
      if (id !== undefined) await lookup(id, true)
    },
    cancelWaiting() {
      const shown = get().lookup
      if (shown?.status !== 'failed' || shown.error.code !== 'service-asked-to-wait') return
      set({ lookup: null })
      announce('Lookup cancelled: nothing was sent.')
    },
    async openLink(delivery) {
      if (delivery.ok) {
        // Main has made the link's account the one in use: key the lookup by it, not by the account before.
        await useConnection.getState().load()
        await get().open(delivery.value.id)
        return
      }
      // A lookup still running would put its answer over the refusal.
      latest += 1
      set({ lookup: null, linkError: delivery.error, fieldError: null, candidates: [] })
    },
    markFocusSeen(request) {
      set({ seenFocusRequest: request })
    },
  }
})
