import { beforeEach, describe, expect, it } from 'vitest'
import { resetAllStores } from '../../../src/renderer/src/stores/create-store'
import { useRequests } from '../../../src/renderer/src/stores/requests-store'
import { installFakeApi, type FakeApi } from '../fake-api'
import { entry, schedulerState } from './entries'

describe('requests store: a reset leaves nothing of the last session running', () => {
  let api: FakeApi
  beforeEach(() => {
    api = installFakeApi()
    api.handle('getScheduler', () => ({ config: { ceiling: 100, concurrency: 20, headroom: 0.1 }, state: schedulerState() }))
    api.handle('getRequestLog', () => [])
  })

  it('stops following the log and the scheduler until the screen starts again', async () => {
    await useRequests.getState().start()
    resetAllStores()
    api.emit('requestLogAppended', [entry()])
    api.emit('schedulerState', schedulerState({ rate: 3 }))
    expect(useRequests.getState()).toMatchObject({ entries: [], scheduler: null })
    await useRequests.getState().start()
    api.emit('requestLogAppended', [entry()])
    expect(useRequests.getState().entries).toHaveLength(1)
  })
})
