import type { AppErrorShape } from '../../../shared/app-error'
import type { IpcResult } from '../../../shared/contract/ipc-result'
import type { LinkOpening } from '../../../shared/contract/link-schema'
import type { PaymentLookup } from '../../../shared/contract/payment-schema'
import { explainDecline } from '../../../shared/decline-codes'
import { extractPaymentId } from '../../../shared/extract-payment-id'
import { checkPaymentId } from '../../../shared/payment-id'
import { invoke } from '../api/client'
import { announce } from '../shell/announcer'
import { notifyIfAway } from '../shell/notify-away'
import { useConnection } from './connection-store'
import { createStore } from './create-store'
import { toErrorShape } from './error-shape'

export type LookupStatus = 'idle' | 'loading' | 'done' | 'failed'

interface PaymentsState {
  /** What is in the ID field. */
  input: string
  /** Said under the field; nothing was sent (an invalid ID, several IDs pasted). */
  fieldError: string | null
  /** Said under the field when the ID was taken out of longer pasted text. */
  fieldHint: string | null
  /** The IDs found in text that held more than one, to pick from. */
  candidates: string[]
  status: LookupStatus
  /** The ID of the lookup on screen (running, answered or failed). */
  lookedUpId: string | null
  result: PaymentLookup | null
  error: AppErrorShape | null
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
  async function lookup(id: string, sendAnyway = false): Promise<void> {
    const run = ++latest
    set({ status: 'loading', lookedUpId: id, result: null, error: null, linkError: null, fieldError: null, candidates: [] })
    try {
      const result = await invoke('getPayment', sendAnyway ? { id, sendAnyway } : { id })
      if (run !== latest) return
      set({ status: 'done', result })
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
        set({ status: 'idle', lookedUpId: null, fieldError: error.message })
        return
      }
      set({ status: 'failed', error })
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
    status: 'idle',
    lookedUpId: null,
    result: null,
    error: null,
    linkError: null,
    seenFocusRequest: 0,
    setInput(value) {
      set({ input: value, fieldError: null, fieldHint: null, candidates: [] })
    },
    paste(text) {
      const found = extractPaymentId(text)
      if (found.kind === 'empty') return false
      if (found.kind === 'ambiguous') {
        set({ input: text.trim(), fieldError: ambiguity(found.candidates), fieldHint: null, candidates: found.candidates })
        return true
      }
      set({
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
      const id = get().lookedUpId
      if (id !== null) await lookup(id)
    },
    async sendAnyway() {
      const id = get().lookedUpId
      if (id !== null) await lookup(id, true)
    },
    cancelWaiting() {
      if (get().error?.code !== 'service-asked-to-wait') return
      set({ status: 'idle', lookedUpId: null, error: null })
      announce('Lookup cancelled: nothing was sent.')
    },
    async openLink(delivery) {
      if (delivery.ok) {
        await get().open(delivery.value.id)
        return
      }
      // A lookup still running would put its answer over the refusal.
      latest += 1
      set({ status: 'idle', lookedUpId: null, result: null, error: null, linkError: delivery.error, fieldError: null, candidates: [] })
    },
    markFocusSeen(request) {
      set({ seenFocusRequest: request })
    },
  }
})
