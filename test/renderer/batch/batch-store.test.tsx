import { notifications } from '@mantine/notifications'
import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useBatchExport } from '../../../src/renderer/src/stores/batch-export-store'
import { useBatchInput } from '../../../src/renderer/src/stores/batch-input-store'
import { useBatchResults } from '../../../src/renderer/src/stores/batch-results-store'
import { useBatchRun } from '../../../src/renderer/src/stores/batch-run-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { installFakeApi, type FakeApi } from '../fake-api'
import { job, mixedResults, progress, serveBatches } from './fixtures'

const input = () => useBatchInput.getState()
const run = () => useBatchRun.getState()
const results = () => useBatchResults.getState()
const exports = () => useBatchExport.getState()
let api: FakeApi

beforeEach(() => {
  api = installFakeApi()
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('batch store: the input', () => {
  it('counts a paste at once: IDs, duplicates, blanks and invalid ones with their line', () => {
    input().setInput('pay_1\npay_2, pay_1\n\n"pay_3"; pay/1\tpay_2')
    expect(input().parsed).toMatchObject({ ids: ['pay_1', 'pay_2', 'pay_3'], duplicates: 2, format: 'list' })
    expect(input().parsed?.invalid).toEqual([{ value: 'pay/1', line: 4, reason: expect.stringContaining('"/"') as string }])
  })

  it('reads a CSV with a header, a BOM and CRLF, and names the ID column', () => {
    input().setInput('\uFEFFcustomer,payment_id,amount\r\nada,pay_1,100\r\nbob,,200\r\ncyd,pay_2,300\r\n')
    expect(input().parsed).toMatchObject({ ids: ['pay_1', 'pay_2'], blankLines: [3], format: 'csv', column: 'payment_id' })
  })

  it('debounces a long paste and reads it once it settles', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `pay_bulk_${String(i).padStart(6, '0')}`)
    input().setInput(ids.join('\n'))
    expect(input().parsing).toBe(true)
    await waitFor(() => {
      expect(input().parsing).toBe(false)
    })
    expect(input().parsed?.ids).toHaveLength(3000)
  })

  it('sends only the unique valid IDs, with the name', async () => {
    serveBatches(api)
    input().setInput('pay_1 pay_1 pay/2 pay_3')
    input().setLabel('  March  ')
    await input().start()
    expect(api.calls('batchStart')).toEqual([{ ids: ['pay_1', 'pay_3'], label: 'March' }])
    expect(input().inputError).toBeNull()
    expect(run().activeJobId).toBe('batch_1')
    expect(run().progress).toMatchObject({ id: 'batch_1', status: 'running', total: 2 })
  })

  it('sends nothing when no ID is valid, and says why', async () => {
    serveBatches(api)
    input().setInput('pay/1\n\n')
    await input().start()
    expect(api.calls('batchStart')).toEqual([])
    expect(input().inputError?.message).toContain('no valid IDs')
  })

  it('shows the refusal of the main process in its words', async () => {
    serveBatches(api)
    api.fail('batchStart', { code: 'batch-already-running', message: 'Another batch is running: pause or cancel it first.' })
    input().setInput('pay_1')
    await input().start()
    expect(input()).toMatchObject({ starting: false, inputError: { message: 'Another batch is running: pause or cancel it first.' } })
    expect(run().activeJobId).toBeNull()
  })

  it('takes the IDs of an opened file, and its name as the label', async () => {
    serveBatches(api)
    api.handle('batchOpenFile', () => ({
      fileName: 'report.csv',
      parsed: { ids: ['pay_9'], duplicates: 0, invalid: [], blankLines: [], format: 'csv', column: 'id' },
    }))
    input().setInput('pay_1')
    await input().openFile()
    expect(input()).toMatchObject({ file: { fileName: 'report.csv' }, label: 'report.csv' })
    await input().start()
    expect(api.calls('batchStart')).toEqual([{ ids: ['pay_9'], label: 'report.csv' }])
  })

  it('keeps the input as it was when the open dialog is closed', async () => {
    api.handle('batchOpenFile', () => null)
    await input().openFile()
    expect(input()).toMatchObject({ file: null, opening: false, label: '' })
  })
})

describe('batch store: a run', () => {
  async function startRun(): Promise<void> {
    input().setInput('pay_a pay_b pay_c pay_d')
    await input().start()
  }

  it('follows progress events and fetches the results when the run completes', async () => {
    const served = serveBatches(api)
    await run().init()
    await startRun()
    api.emit('batchProgress', progress({ done: 2, ratePerSecond: 8 }))
    expect(run().progress).toMatchObject({ done: 2, ratePerSecond: 8 })
    served.results = mixedResults
    api.emit('batchProgress', progress({ done: 6, total: 6, status: 'completed', ratePerSecond: 0, etaSeconds: null }))
    await waitFor(() => {
      expect(results().results).toHaveLength(6)
    })
    expect(run().jobs[0]).toMatchObject({ status: 'completed', done: 6 })
  })

  it('refreshes the results at most every 2 s while the run goes', async () => {
    serveBatches(api)
    await run().init()
    await startRun()
    for (let done = 1; done <= 20; done++) api.emit('batchProgress', progress({ done }))
    await waitFor(() => {
      expect(results().fetching).toBe(false)
    })
    expect(api.calls('batchResults').length).toBeLessThanOrEqual(1)
  })

  it('tells a user on another screen that the run finished', async () => {
    serveBatches(api)
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id')
    await run().init()
    await startRun()
    api.emit('batchProgress', progress({ done: 1 }))
    useNavigation.getState().go('payments')
    api.emit('batchProgress', progress({ done: 4, status: 'completed', counts: { found: 3, notFound: 1, error: 0, failedPayments: 2 } }))
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Batch "March report" finished', message: expect.stringContaining('2 failed payments') as string }),
    )
  })

  it('says nothing extra to a user who is watching the run', async () => {
    serveBatches(api)
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id')
    useNavigation.getState().go('batch')
    await run().init()
    await startRun()
    api.emit('batchProgress', progress({ done: 4, status: 'completed' }))
    expect(show).not.toHaveBeenCalled()
  })

  it('keeps why the run paused itself, and tells a user elsewhere', async () => {
    serveBatches(api)
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id')
    await run().init()
    await startRun()
    api.emit('batchProgress', progress({ done: 1 }))
    const reason = 'Paused: The service refused the key (401). Check the key in Settings.'
    api.emit('batchProgress', progress({ done: 1, status: 'paused', pauseReason: reason }))
    expect(run().progress).toMatchObject({ status: 'paused', pauseReason: reason })
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: reason, color: 'red' }))
  })

  it('pauses, resumes and cancels the run on screen', async () => {
    serveBatches(api)
    await startRun()
    await run().pause()
    expect(run().progress?.status).toBe('paused')
    await run().resume()
    expect(run().progress?.status).toBe('running')
    await run().cancel()
    expect(run().progress?.status).toBe('cancelled')
    expect(api.calls('batchPause')).toEqual([{ jobId: 'batch_1' }])
    expect(api.calls('batchCancel')).toEqual([{ jobId: 'batch_1' }])
  })

  it('resumes an interrupted run from the list and shows it', async () => {
    serveBatches(api, { jobs: [job({ id: 'batch_old', status: 'interrupted', done: 2 })] })
    await run().init()
    await run().resume('batch_old')
    expect(api.calls('batchResume')).toEqual([{ jobId: 'batch_old' }])
    expect(run()).toMatchObject({ activeJobId: 'batch_old', progress: { status: 'running' }, actionError: null })
  })

  it('shows a refused resume in its words', async () => {
    serveBatches(api, { jobs: [job({ id: 'batch_old', status: 'interrupted' })] })
    api.fail('batchResume', {
      code: 'batch-environment-mismatch',
      message: 'This batch was started in another environment (production): switch back to it in Settings to resume.',
    })
    await run().init()
    await run().resume('batch_old')
    expect(run().actionError?.message).toContain('another environment')
    expect(run().busy).toBeNull()
  })
})

describe('batch store: export', () => {
  beforeEach(async () => {
    serveBatches(api, { jobs: [job({ status: 'completed', done: 4 })], results: mixedResults })
    await run().init()
    run().show('batch_1')
  })

  it('masks e-mails unless asked, and keeps the saved path', async () => {
    api.handle('batchExport', () => ({ path: '/tmp/march.csv' }))
    await exports().exportResults('csv')
    exports().setIncludeEmails(true)
    await exports().exportResults('json')
    expect(api.calls('batchExport')).toEqual([
      { jobId: 'batch_1', format: 'csv', includeEmails: false },
      { jobId: 'batch_1', format: 'json', includeEmails: true },
    ])
    expect(exports().exportState).toEqual({ status: 'saved', format: 'json', path: '/tmp/march.csv' })
  })

  it('says cancelled when the save dialog was closed, and shows a failure in its words', async () => {
    api.handle('batchExport', () => ({ path: null }))
    await exports().exportResults('csv')
    expect(exports().exportState).toEqual({ status: 'cancelled', format: 'csv' })
    api.fail('batchExport', { code: 'storage', message: 'Could not write march.csv: the disk is full. Nothing was exported.' })
    await exports().exportResults('csv')
    expect(exports().exportState).toMatchObject({
      status: 'failed',
      error: { code: 'storage', message: expect.stringContaining('disk is full') as string },
    })
  })
})
