import type { AppErrorShape } from '../../../shared/app-error'
import type { InvokeResponse } from '../../../shared/contract/channels'
import { invoke } from '../api/client'
import { notifyIfAway } from '../shell/notify-away'
import { emptyCheckoutValues, type CheckoutFormValues, type CheckoutInput } from '../views/checkout/form-values'
import { createStore } from './create-store'
import { toErrorShape } from './error-shape'

export type CreatedCheckout = InvokeResponse<'createCheckout'>

interface CheckoutState {
  /** The form's values, kept here so they survive a trip to another screen. */
  draft: CheckoutFormValues
  submitting: boolean
  created: CreatedCheckout | null
  error: AppErrorShape | null
  /** After an outcome-unknown error: the user says they checked that no payment was created. */
  outcomeChecked: boolean
  saveDraft: (values: CheckoutFormValues) => void
  /** Sends the checkout once (never retried here); resolves to the error, if any. In Production, main asks in its own dialog first. */
  /** `typedEnvironmentName`: what the user typed when the policy asks for Production's name. */
  submit: (checkout: CheckoutInput, typedEnvironmentName?: string) => Promise<AppErrorShape | null>
  setOutcomeChecked: (checked: boolean) => void
  /** Leaves the result for the form: blank, or still holding the last details. */
  startOver: (keepDetails: boolean) => void
}

export const useCheckout = createStore<CheckoutState>((set, get) => ({
  draft: emptyCheckoutValues(),
  submitting: false,
  created: null,
  error: null,
  outcomeChecked: false,
  saveDraft(draft) {
    set({ draft })
  },
  async submit(checkout, typedEnvironmentName) {
    if (get().submitting) return null
    set({ submitting: true, error: null, outcomeChecked: false })
    try {
      const created = await invoke('createCheckout', { checkout, ...(typedEnvironmentName === undefined ? {} : { typedEnvironmentName }) })
      set({ created, submitting: false })
      notifyIfAway('checkout', {
        title: 'Checkout payment created',
        message: `${created.payment.id ?? 'The new payment'}: its checkout link is ready to copy.`,
        color: 'teal',
      })
      return null
    } catch (caught) {
      const error = toErrorShape(caught)
      set({ error, submitting: false })
      notifyIfAway('checkout', {
        title: error.code === 'outcome-unknown' ? 'Checkout: the payment may have been created' : 'Checkout payment not created',
        message: error.message,
        color: error.code === 'outcome-unknown' ? 'yellow' : 'red',
      })
      return error
    }
  },
  setOutcomeChecked(outcomeChecked) {
    set({ outcomeChecked })
  },
  startOver(keepDetails) {
    set((state) => ({ created: null, error: null, draft: keepDetails ? state.draft : emptyCheckoutValues() }))
  },
}))

/** Blocks a second send after an answer that may hide a created payment, until the user has checked. */
export function selectSendBlocked(state: CheckoutState): boolean {
  return state.error?.code === 'outcome-unknown' && !state.outcomeChecked
}
