import type { EventName, EventPayload, InvokeName, InvokeRequest, InvokeResponse } from './channels'
import type { IpcResult } from './ipc-result'

/** What the preload puts on `window.paymentsDesk`, derived from the contract. */
export interface PaymentsDeskApi {
  invoke: { [N in InvokeName]: (request: InvokeRequest<N>) => Promise<IpcResult<InvokeResponse<N>>> }
  on: { [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void }
}
