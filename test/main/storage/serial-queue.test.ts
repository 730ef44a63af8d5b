import { describe, expect, it } from 'vitest'
import { createSerialQueue } from '../../../src/main/storage/serial-queue'

/** A promise the test settles by hand, to hold a task open. */
function gate() {
  let open!: () => void
  let fail!: (error: Error) => void
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve
    fail = reject
  })
  return { promise, open, fail }
}

describe('createSerialQueue', () => {
  it('starts a task only once the one before it has settled, in the order queued', async () => {
    const queue = createSerialQueue()
    const events: string[] = []
    const first = gate()
    const a = queue.run(async () => {
      events.push('a start')
      await first.promise
      events.push('a end')
      return 'a'
    })
    const b = queue.run(() => {
      events.push('b start')
      return 'b'
    })
    await Promise.resolve()
    await Promise.resolve()
    expect(events).toEqual(['a start'])
    first.open()
    expect(await Promise.all([a, b])).toEqual(['a', 'b'])
    expect(events).toEqual(['a start', 'a end', 'b start'])
  })

  it('hands a failure to its own caller only, and runs the next task all the same', async () => {
    const queue = createSerialQueue()
    const failing = queue.run(() => Promise.reject(new Error('disk full')))
    const next = queue.run(() => 'written')
    await expect(failing).rejects.toThrow('disk full')
    await expect(next).resolves.toBe('written')
  })

  it('turns a task that throws at once into a rejection of that task', async () => {
    const queue = createSerialQueue()
    const thrown = queue.run(() => {
      throw new Error('refused')
    })
    await expect(thrown).rejects.toThrow('refused')
    await expect(queue.run(() => 1)).resolves.toBe(1)
  })

  it('is idle once every task queued so far has settled, and does not reject for a failed one', async () => {
    const queue = createSerialQueue()
    const held = gate()
    let idle = false
    const failing = queue.run(() => held.promise)
    const waited = queue.idle().then(() => {
      idle = true
    })
    await Promise.resolve()
    expect(idle).toBe(false)
    held.fail(new Error('read-only'))
    await expect(failing).rejects.toThrow('read-only')
    await waited
    expect(idle).toBe(true)
  })
})
