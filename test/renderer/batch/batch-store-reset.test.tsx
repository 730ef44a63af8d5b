import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useBatchInput } from '../../../src/renderer/src/stores/batch-input-store'
import { useBatchRun } from '../../../src/renderer/src/stores/batch-run-store'
import { resetAllStores } from '../../../src/renderer/src/stores/create-store'
import { installFakeApi, type FakeApi } from '../fake-api'
import { progress, serveBatches } from './fixtures'

const input = () => useBatchInput.getState()
const run = () => useBatchRun.getState()
// Past the length that is read at once, so the read waits for the paste to settle.
const longPaste = Array.from({ length: 3000 }, (_, i) => `pay_bulk_${String(i).padStart(6, '0')}`).join('\n')
let api: FakeApi

beforeEach(() => {
  api = installFakeApi()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('batch stores: a reset leaves nothing of the last session running', () => {
  it('drops the pending read of a long paste', () => {
    vi.useFakeTimers()
    input().setInput(longPaste)
    expect(vi.getTimerCount()).toBe(1)
    resetAllStores()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stops following progress events until the screen starts again', async () => {
    serveBatches(api)
    await run().init()
    resetAllStores()
    api.emit('batchProgress', progress({ done: 1 }))
    expect(run().jobs).toEqual([])
    await run().init()
    api.emit('batchProgress', progress({ done: 1 }))
    expect(run().jobs).toHaveLength(1)
  })
})
