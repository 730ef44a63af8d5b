import { vi } from 'vitest'
import type { AppErrorShape } from '../../src/shared/app-error'
import { eventContract, invokeContract, type EventName, type EventPayload, type InvokeName, type InvokeRequest, type InvokeResponse } from '../../src/shared/contract/channels'

type Handler<N extends InvokeName> = (request: InvokeRequest<N>) => InvokeResponse<N> | Promise<InvokeResponse<N>>

export interface FakeApi {
  /** Answers `name` with `handler`; unhandled channels fail the call with an 'internal' error. */
  handle<N extends InvokeName>(name: N, handler: Handler<N>): void
  fail(name: InvokeName, error: AppErrorShape): void
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
  calls(name: InvokeName): unknown[]
}

/**
 * A stand-in for the preload's `window.paymentsDesk`, for component and store tests. Each
 * request is checked against the contract as main checks it, so a screen that sends a
 * field main refuses (a stale `confirmedProduction`, say) fails its test too.
 */
export function installFakeApi(): FakeApi {
  const handlers = new Map<string, (request: unknown) => unknown>()
  const failures = new Map<string, AppErrorShape>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const log = new Map<string, unknown[]>()
  const invoke = Object.fromEntries(
    Object.keys(invokeContract).map((name) => [
      name,
      vi.fn(async (request: unknown) => {
        log.set(name, [...(log.get(name) ?? []), request])
        const checked = invokeContract[name as InvokeName].request.safeParse(request)
        if (!checked.success) return { ok: false, error: { code: 'validation', message: `Invalid request to ${name}: ${checked.error.message}` } }
        const failure = failures.get(name)
        if (failure) return { ok: false, error: failure }
        const handler = handlers.get(name)
        if (!handler) return { ok: false, error: { code: 'internal', message: `no fake for ${name}` } }
        return { ok: true, value: await handler(request) }
      }),
    ]),
  )
  const on = Object.fromEntries(
    Object.keys(eventContract).map((name) => [
      name,
      (listener: (payload: unknown) => void) => {
        const set = listeners.get(name) ?? new Set()
        set.add(listener)
        listeners.set(name, set)
        return () => set.delete(listener)
      },
    ]),
  )
  Object.defineProperty(window, 'paymentsDesk', { value: { invoke, on }, configurable: true })
  return {
    handle(name, handler) {
      failures.delete(name)
      handlers.set(name, handler as (request: unknown) => unknown)
    },
    fail(name, error) {
      failures.set(name, error)
    },
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) listener(payload)
    },
    calls: (name) => log.get(name) ?? [],
  }
}
