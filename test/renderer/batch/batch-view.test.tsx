import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BatchResult } from '../../../src/shared/contract/batch-schema'
import { useBatchInput } from '../../../src/renderer/src/stores/batch-input-store'
import { useBatchRun } from '../../../src/renderer/src/stores/batch-run-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { BatchView } from '../../../src/renderer/src/views/batch/batch-view'
import { installFakeApi, type FakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { failed, job, mixedResults, progress, serveBatches, settled } from './fixtures'

// jsdom lays nothing out: give the scroll viewport and each row a size, so the virtualizer has a window.
const sizes = { clientHeight: 520, clientWidth: 960, offsetHeight: 37 }
const saved = Object.fromEntries(Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]))
const savedRect = Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect')
beforeAll(() => {
  // Mantine's autosizing textarea listens for font loads, which jsdom does not have.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() })
  for (const [key, value] of Object.entries(sizes))
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value })
  Object.defineProperty(Element.prototype, 'getBoundingClientRect', {
    configurable: true,
    value: () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 37, right: 960, width: 960, height: 37, toJSON: () => ({}) }),
  })
})
afterAll(() => {
  for (const [key, descriptor] of Object.entries(saved)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
  if (savedRect) Object.defineProperty(Element.prototype, 'getBoundingClientRect', savedRect)
})

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})

function resultRows(): HTMLElement[] {
  return within(screen.getByRole('grid', { name: 'Batch results' }))
    .getAllByRole('row')
    .slice(1)
    .filter((row) => row.getAttribute('aria-hidden') !== 'true')
}

async function showCompleted(results: BatchResult[]): Promise<void> {
  serveBatches(api, { jobs: [job({ status: 'completed', done: results.length, total: results.length })], results })
  renderWithProviders(<BatchView />)
  await screen.findByRole('button', { name: 'Open March report' })
  await userEvent.click(screen.getByRole('button', { name: 'Open March report' }))
  await screen.findByRole('grid', { name: 'Batch results' })
}

describe('BatchView: the input', () => {
  it('says what to do first, then counts the paste before anything is sent', async () => {
    serveBatches(api)
    renderWithProviders(<BatchView />)
    expect(await screen.findByText(/No batches yet/)).toBeInTheDocument()
    expect(screen.getByTestId('parse-summary')).toHaveTextContent('before anything is sent')
    expect(screen.getByRole('button', { name: 'Look up' })).toBeDisabled()

    await userEvent.click(screen.getByLabelText(/Payment IDs/))
    await userEvent.paste('pay_1\npay_2\npay_1\n\npay/1')
    expect(screen.getByTestId('count-ids')).toHaveTextContent('2 IDs to look up')
    expect(screen.getByTestId('count-duplicates')).toHaveTextContent('1 duplicate collapsed')
    expect(screen.getByTestId('count-invalid')).toHaveTextContent('1 invalid')
    const invalid = screen.getByRole('table', { name: 'Invalid IDs' })
    expect(within(invalid).getByText('pay/1')).toBeInTheDocument()
    expect(within(invalid).getByText('5')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Look up 2 IDs' }))
    expect(api.calls('batchStart')).toEqual([{ ids: ['pay_1', 'pay_2'], label: '' }])
    expect(await screen.findByTestId('batch-progress-text')).toHaveTextContent('0 / 2 looked up')
  })

  it('offers to resume a run the app was in the middle of', async () => {
    serveBatches(api, { jobs: [job({ id: 'batch_old', label: 'Old run', status: 'interrupted', done: 120, total: 400 })] })
    renderWithProviders(<BatchView />)
    const alert = await screen.findByTestId('interrupted-run')
    expect(alert).toHaveTextContent('120 / 400 looked up')
    await userEvent.click(within(alert).getByRole('button', { name: 'Resume Old run' }))
    expect(api.calls('batchResume')).toEqual([{ jobId: 'batch_old' }])
    expect(await screen.findByRole('heading', { name: 'Old run' })).toBeInTheDocument()
  })
})

describe('BatchView: a run', () => {
  it('shows done / total, rate, time left and 429s live, and a countdown during a pause', async () => {
    serveBatches(api)
    await useBatchRun.getState().init()
    useBatchInput.getState().setInput('pay_1 pay_2 pay_3 pay_4')
    await useBatchInput.getState().start()
    renderWithProviders(<BatchView />)
    api.emit('batchProgress', progress({ done: 3, ratePerSecond: 12.5, etaSeconds: 95, rateLimited: 2, pausedUntil: Date.now() + 4000 }))
    expect(await screen.findByTestId('batch-progress-text')).toHaveTextContent('3 / 4 looked up')
    expect(screen.getByTestId('batch-rate')).toHaveTextContent('12.5 req/s')
    expect(screen.getByTestId('batch-eta')).toHaveTextContent('about 1 min 35 s')
    expect(screen.getByTestId('batch-429s')).toHaveTextContent('2')
    expect(await screen.findByTestId('pause-countdown')).toHaveTextContent(/resuming in [1-4]\.\d\d s/)
  })

  it('says why the run paused itself and points to Settings', async () => {
    serveBatches(api)
    useBatchInput.getState().setInput('pay_1')
    await useBatchRun.getState().init()
    await useBatchInput.getState().start()
    renderWithProviders(<BatchView />)
    api.emit('batchProgress', progress({ status: 'paused', pauseReason: 'Paused: The service refused the key (401).' }))
    const reason = await screen.findByTestId('pause-reason')
    expect(reason).toHaveTextContent('refused the key (401)')
    await userEvent.click(within(reason).getByRole('button', { name: 'Open Settings' }))
    expect(useNavigation.getState().view).toBe('settings')
  })
})

describe('BatchView: results', () => {
  it('filters failures and opens a row on the Payments screen', async () => {
    api.handle('getPayment', () => {
      throw new Error('not under test')
    })
    await showCompleted(mixedResults)
    expect(resultRows()).toHaveLength(6)
    await userEvent.click(screen.getByRole('radio', { name: /Failed payments 3/ }))
    await waitFor(() => {
      expect(resultRows()).toHaveLength(3)
    })
    expect(screen.getByTestId('results-shown')).toHaveTextContent('3 of 6 results')
    // A row opens its detail (the columns the table folds away), and from there the Payments screen.
    await userEvent.click(screen.getByRole('row', { name: /pay_c/ }))
    const detail = await screen.findByRole('dialog', { name: 'Payment pay_c' })
    expect(within(detail).getByRole('row', { name: /Error code/ })).toBeInTheDocument()
    await userEvent.click(within(detail).getByRole('button', { name: 'Open on the Payments screen' }))
    expect(useNavigation.getState().view).toBe('payments')
    expect(api.calls('getPayment')).toEqual([{ id: 'pay_c' }])
  })

  it('offers to re-run each kind of failure it has, with its count, and shows the new run with its link', async () => {
    await showCompleted(mixedResults)
    const rerun = screen.getByTestId('rerun')
    // mixedResults: one lookup error, one not-found ID, two retryable declines (card_declined).
    expect(
      within(rerun)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Look up the 1 lookup errors again', 'Look up the 1 not-found IDs again', 'Look up the 2 retryable declines again'])
    api.handle('batchRerun', ({ jobId, only }) =>
      job({ id: 'batch_2', label: 'March report · retryable declines again', total: 2, rerunOf: { jobId, label: 'March report', only } }),
    )
    await userEvent.click(within(rerun).getByRole('button', { name: 'Look up the 2 retryable declines again' }))
    expect(api.calls('batchRerun')).toEqual([{ jobId: 'batch_1', only: 'retryable' }])
    await screen.findByRole('heading', { name: 'March report · retryable declines again' })
    expect(screen.getByTestId('rerun-of')).toHaveTextContent('Re-run of the retryable declines of “March report”')
  })

  it('sorts by a column header, both ways, and back to arrival order', async () => {
    await showCompleted(mixedResults)
    const sortBy = screen.getByRole('button', { name: 'Sort by Amount' })
    await userEvent.click(sortBy)
    expect(resultRows()[0]).toHaveTextContent('pay_c')
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending')
    await userEvent.click(sortBy)
    expect(resultRows()[0]).toHaveTextContent('pay_a')
    await userEvent.click(sortBy)
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'none')
  })

  it('renders only the rows in sight of 50,000 results', async () => {
    const many = Array.from({ length: 50_000 }, (_, i) =>
      i % 4 === 0 ? failed(`pay_${i}`, 'insufficient_funds', 'yes') : settled(`pay_${i}`),
    )
    await showCompleted(many)
    expect(screen.getByTestId('results-shown')).toHaveTextContent('50,000 results')
    expect(resultRows().length).toBeLessThan(60)
    expect(screen.getByTestId('failure-total')).toHaveTextContent('12,500 failed payments')
  })

  it('exports through the save dialog and shows the path, or that it was cancelled', async () => {
    await showCompleted(mixedResults)
    api.handle('batchExport', () => ({ path: '/home/ada/march.csv' }))
    await userEvent.click(screen.getByLabelText('Include customer e-mails (otherwise masked)'))
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByTestId('export-path')).toHaveTextContent('/home/ada/march.csv')
    expect(api.calls('batchExport')).toEqual([{ jobId: 'batch_1', format: 'csv', includeEmails: true }])
    api.handle('batchExport', () => ({ path: null }))
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON' }))
    expect(await screen.findByText('Export cancelled: no file was written.')).toBeInTheDocument()
  })

  it('exports what the filters show, unless asked for every result', async () => {
    await showCompleted(mixedResults)
    api.handle('batchExport', () => ({ path: '/home/ada/failures.csv' }))
    expect(screen.queryByLabelText(/rows the filters show/)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('radio', { name: /Failed payments 3/ }))
    const only = screen.getByLabelText('Only the 3 rows the filters show')
    expect(only).toBeChecked()
    expect(screen.getByText('The 3 of 6 results the filters show.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await screen.findByTestId('export-path')
    expect(api.calls('batchExport').at(-1)).toEqual({
      jobId: 'batch_1',
      format: 'csv',
      includeEmails: false,
      onlyIds: ['pay_b', 'pay_c', 'pay_f'],
    })

    await userEvent.click(only)
    expect(screen.getByText('All 6 results of this run.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON' }))
    await waitFor(() => {
      expect(api.calls('batchExport').at(-1)).toEqual({ jobId: 'batch_1', format: 'json', includeEmails: false })
    })
  })
})
