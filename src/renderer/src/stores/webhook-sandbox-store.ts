import type { AppErrorShape } from '../../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../../shared/contract/channels'
import { call } from '../api/client'
import { createStore } from './create-store'

export type SandboxDeliveryView = InvokeResponse<'listSandboxDeliveries'>[number]
export type TestEventRequest = InvokeRequest<'sendTestEvent'>

export interface TestEventFields {
  type: TestEventRequest['type']
  paymentId: string
  code: string
}

/** The local sandbox's side of webhooks: the events it is asked to send and the deliveries it made. */
interface WebhookSandboxState {
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
  setDeliveriesEndpoint: (endpointId: string | null) => void
  refreshDeliveries: () => Promise<void>
  setTestEvent: (patch: Partial<TestEventFields>) => void
  sendTestEvent: (request: TestEventRequest) => Promise<boolean>
}

export const useWebhookSandbox = createStore<WebhookSandboxState>((set, get) => ({
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

  setDeliveriesEndpoint(endpointId) {
    set({ deliveriesEndpointId: endpointId, deliveries: [], deliveriesLoaded: false })
    void get().refreshDeliveries()
  },

  async refreshDeliveries() {
    if (get().deliveriesFetching) return
    const endpointId = get().deliveriesEndpointId
    set({ deliveriesFetching: true })
    const answer = await call('listSandboxDeliveries', endpointId === null ? {} : { endpointId })
    set({ deliveriesFetching: false })
    // The filter may have changed while this answer was on its way: ask again for the new one.
    if (get().deliveriesEndpointId !== endpointId) {
      await get().refreshDeliveries()
      return
    }
    if (!answer.ok) set({ deliveriesError: answer.error })
    else set({ deliveries: answer.value, deliveriesLoaded: true, deliveriesError: null, deliveriesUpdatedAt: Date.now() })
  },

  setTestEvent(patch) {
    set((state) => ({ testEvent: { ...state.testEvent, ...patch }, sendError: null }))
  },

  async sendTestEvent(request) {
    set({ sendingEvent: true, sendError: null })
    const answer = await call('sendTestEvent', request)
    if (!answer.ok) {
      set({ sendingEvent: false, sendError: answer.error })
      return false
    }
    set({ sendingEvent: false, lastSent: answer.value })
    void get().refreshDeliveries()
    return true
  },
}))
