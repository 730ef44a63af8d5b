import type { AppErrorShape } from '../../src/shared/app-error'
import { deskApi } from '../../src/shared/contract/api'
import {
  eventContract,
  invokeContract,
  type EventName,
  type EventPayload,
  type InvokeName,
  type InvokeRequest,
  type InvokeResponse,
} from '../../src/shared/contract/channels'
import type { IpcResult } from '../../src/shared/contract/ipc-result'
import { eventHub } from '../helpers/event-hub'

type Handler<N extends InvokeName> = (request: InvokeRequest<N>) => InvokeResponse<N> | Promise<InvokeResponse<N>>

export interface FakeApi {
  /** Answers `name` with `handler`; unhandled channels fail the call with an 'internal' error. */
  handle<N extends InvokeName>(name: N, handler: Handler<N>): void
  fail(name: InvokeName, error: AppErrorShape): void
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
  calls(name: InvokeName): unknown[]
}

/**
 * A stand-in for the preload's `window.paymentsDesk`, built by the same `deskApi` from the
 * contract's channel names, for component and store tests. Each request is checked against
 * the contract as main checks it, so a screen that sends a field main refuses (a stale
 * `confirmedProduction`, say) fails its test too.
 */
export function installFakeApi(): FakeApi {
  const handlers = new Map<string, (request: unknown) => unknown>()
  const failures = new Map<string, AppErrorShape>()
  const log = new Map<string, unknown[]>()
  const events = eventHub()

  async function answer(name: InvokeName, request: unknown): Promise<IpcResult<unknown>> {
    log.set(name, [...(log.get(name) ?? []), request])
    const checked = invokeContract[name].request.safeParse(request)
    if (!checked.success)
      return { ok: false, error: { code: 'validation', message: `Invalid request to ${name}: ${checked.error.message}` } }
    const failure = failures.get(name)
    if (failure) return { ok: false, error: failure }
    const handler = handlers.get(name)
    if (!handler) return { ok: false, error: { code: 'internal', message: `no fake for ${name}` } }
    return { ok: true, value: await handler(request) }
  }

  const names = { invoke: Object.keys(invokeContract) as InvokeName[], events: Object.keys(eventContract) as EventName[] }
  Object.defineProperty(window, 'paymentsDesk', { value: deskApi(names, { invoke: answer, listen: events.listen }), configurable: true })
  return {
    handle(name, handler) {
      failures.delete(name)
      handlers.set(name, handler as (request: unknown) => unknown)
    },
    fail(name, error) {
      failures.set(name, error)
    },
    emit: events.emit,
    calls: (name) => log.get(name) ?? [],
  }
}
