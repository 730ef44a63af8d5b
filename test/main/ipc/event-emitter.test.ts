import { describe, expect, it, vi } from 'vitest'
import { createEventEmitter } from '../../../src/main/ipc/event-emitter'
import type { EventPayload } from '../../../src/shared/contract/channels'

describe('the live events to the window', () => {
  it('sends a payload as its schema reads it: a field the contract does not name never goes out', () => {
    const onInvalid = vi.fn()
    const { emit, subscribe } = createEventEmitter(onInvalid)
    const received: unknown[] = []
    subscribe((name, payload) => received.push([name, payload]))
    const withExtra = { message: 'The audit log could not be written.', apiKey: 'service_prod_leak' } as EventPayload<'auditWriteProblem'>
    emit('auditWriteProblem', withExtra)
    expect(received).toEqual([['auditWriteProblem', { message: 'The audit log could not be written.' }]])
    expect(onInvalid).not.toHaveBeenCalled()
  })

  it('reports a payload that does not match, and sends nothing', () => {
    const onInvalid = vi.fn()
    const { emit, subscribe } = createEventEmitter(onInvalid)
    const listener = vi.fn()
    subscribe(listener)
    emit('auditWriteProblem', { message: 42 } as unknown as EventPayload<'auditWriteProblem'>)
    expect(listener).not.toHaveBeenCalled()
    expect(onInvalid).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('Event auditWriteProblem does not match its schema: message') as string }),
    )
  })

  it('stops sending to a listener once it unsubscribes', () => {
    const { emit, subscribe } = createEventEmitter(() => undefined)
    const listener = vi.fn()
    const unsubscribe = subscribe(listener)
    emit('auditWriteProblem', { message: 'one' })
    unsubscribe()
    emit('auditWriteProblem', { message: 'two' })
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
