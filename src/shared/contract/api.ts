import type { EventName, EventPayload, InvokeName, InvokeRequest, InvokeResponse } from './channels'
import type { IpcResult } from './ipc-result'

/** What the preload puts on `window.paymentsDesk`, derived from the contract. */
export interface PaymentsDeskApi {
  invoke: { [N in InvokeName]: (request: InvokeRequest<N>) => Promise<IpcResult<InvokeResponse<N>>> }
  on: { [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void }
}

/** How calls and events travel: Electron's IPC in the preload, a page binding in the e2e bridge, a fake in renderer tests. */
export interface DeskTransport {
  /** Answers what main's dispatcher answers for the channel: an IpcResult of its response. */
  invoke: (name: InvokeName, request: unknown) => Promise<unknown>
  listen: (name: EventName, listener: (payload: unknown) => void) => () => void
}

/**
 * `window.paymentsDesk`: one function per channel the contract names, and nothing else. It
 * uses only its arguments (no import, no outer name), so the e2e bridge can send its source
 * into a page; the names are passed in so the preload need not bundle the schemas.
 */
export function deskApi(names: { invoke: readonly InvokeName[]; events: readonly EventName[] }, transport: DeskTransport): PaymentsDeskApi {
  const api = {
    invoke: Object.fromEntries(names.invoke.map((name) => [name, (request: unknown) => transport.invoke(name, request)])),
    on: Object.fromEntries(names.events.map((name) => [name, (listener: (payload: unknown) => void) => transport.listen(name, listener)])),
  }
  // Each function answers what the contract's table says for its name; TypeScript cannot follow that through fromEntries.
  return api as unknown as PaymentsDeskApi
}
