import { AppError, type AppErrorShape } from '../../../shared/app-error'
import type { EventName, EventPayload, InvokeName, InvokeRequest, InvokeResponse } from '../../../shared/contract/channels'
import type { IpcResult } from '../../../shared/contract/ipc-result'
import { toErrorShape } from '../stores/error-shape'

/**
 * One channel of the contract, answering its value or its failure as data: the caller keeps
 * the `{ code, message }` to show and has nothing to catch. A bridge that breaks (a call
 * rejected outside the dispatcher) is a failure like any other.
 */
export async function call<N extends InvokeName>(name: N, request: InvokeRequest<N>): Promise<IpcResult<InvokeResponse<N>>> {
  const channel: (request: InvokeRequest<N>) => Promise<IpcResult<InvokeResponse<N>>> = window.paymentsDesk.invoke[name]
  return channel(request).catch((error: unknown) => ({ ok: false as const, error: toErrorShape(error) }))
}

/** `call` for callers that still catch: the failure thrown as an AppError with its real cause. */
export async function invoke<N extends InvokeName>(name: N, request: InvokeRequest<N>): Promise<InvokeResponse<N>> {
  const result = await call(name, request)
  if (result.ok) return result.value
  throw toAppError(result.error)
}

export function subscribe<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
  const on: (listener: (payload: EventPayload<E>) => void) => () => void = window.paymentsDesk.on[name]
  return on(listener)
}

function toAppError(error: AppErrorShape): AppError {
  return new AppError(error.code, error.message, error.details ? { details: error.details } : {})
}
