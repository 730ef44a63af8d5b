import { AppError, type AppErrorShape } from '../../../shared/app-error'
import type { EventName, EventPayload, InvokeName, InvokeRequest, InvokeResponse } from '../../../shared/contract/channels'
import type { IpcResult } from '../../../shared/contract/ipc-result'

/** Turns the preload's `{ ok, value | error }` back into a value or a thrown AppError with its real cause. */
export async function invoke<N extends InvokeName>(name: N, request: InvokeRequest<N>): Promise<InvokeResponse<N>> {
  // TypeScript cannot follow a mapped type through a generic index; the contract guarantees the pairing.
  const call = window.paymentsDesk.invoke[name] as unknown as (request: InvokeRequest<N>) => Promise<IpcResult<InvokeResponse<N>>>
  const result = await call(request)
  if (result.ok) return result.value
  throw toAppError(result.error)
}

export function subscribe<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
  const on = window.paymentsDesk.on[name] as (listener: (payload: EventPayload<E>) => void) => () => void
  return on(listener)
}

function toAppError(error: AppErrorShape): AppError {
  return new AppError(error.code, error.message, error.details ? { details: error.details } : {})
}
