import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../../src/shared/contract/request-log-schema'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { useRequests } from '../../../src/renderer/src/stores/requests-store'
import { RequestsView } from '../../../src/renderer/src/views/requests/requests-view'
import { installFakeApi, type FakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { entry, rateLimited, schedulerState } from './entries'

// jsdom lays nothing out: give the scroll viewport and each row a size, so the virtualizer has a window.
const sizes = { clientHeight: 420, clientWidth: 900, offsetHeight: 33 }
const saved = Object.fromEntries(Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]))
const savedRect = Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect')
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes))
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value })
  Object.defineProperty(Element.prototype, 'getBoundingClientRect', {
    configurable: true,
    value: () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 33, right: 900, width: 900, height: 33, toJSON: () => ({}) }),
  })
})
afterAll(() => {
  for (const [key, descriptor] of Object.entries(saved)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
  if (savedRect) Object.defineProperty(Element.prototype, 'getBoundingClientRect', savedRect)
})

let api: FakeApi
function serve(log: RequestLogEntry[], state = schedulerState()): void {
  api.handle('getRequestLog', () => log)
  api.handle('getScheduler', () => ({
    config: { ceiling: state.ceiling, concurrency: state.concurrency, headroom: state.headroom },
    state,
  }))
}

async function show(log: RequestLogEntry[], state = schedulerState()): Promise<void> {
  serve(log, state)
  renderWithProviders(<RequestsView />)
  await useRequests.getState().start()
}

function logRows(): HTMLElement[] {
  return within(screen.getByRole('table', { name: 'Request log' }))
    .getAllByRole('row')
    .slice(1)
    .filter((row) => row.getAttribute('aria-hidden') !== 'true')
}

describe('RequestsView', () => {
  beforeEach(() => {
    api = installFakeApi()
  })

  it('lists requests newest first, flags 429s in red and counts them', async () => {
    await show([
      entry({ path: '/api/payment/pay_first' }),
      rateLimited({ path: '/api/payment/pay_throttled', attempt: 1, queuedMs: 1500 }),
      entry({ path: '/api/payment/pay_last', attempt: 2 }),
    ])
    const rows = logRows()
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('/api/payment/pay_last')
    expect(rows[1]).toHaveAttribute('data-rate-limited', 'true')
    expect(rows[1]).toHaveTextContent('429')
    expect(rows[1]).toHaveTextContent('1.50 s')
    expect(rows[0]).not.toHaveAttribute('data-rate-limited')
    expect(screen.getByTestId('rate-limited-count')).toHaveTextContent('1 × 429')
    expect(screen.getByTestId('request-count')).toHaveTextContent('3 requests')
  })

  it('counts one request in the singular, in the log and in the chart', async () => {
    await show([entry({ path: '/api/payment/pay_only' })])
    expect(screen.getByTestId('request-count')).toHaveTextContent(/^1 request, newest first$/)
    expect(screen.getByText(/^1 request · 0 × 429$/)).toBeInTheDocument()
  })

  it('shows a timeout as no answer, with its priority', async () => {
    await show([entry({ status: null, errorCode: 'timeout', priority: 'batch' })])
    const [row] = logRows()
    expect(row).toHaveTextContent('Timed out')
    expect(row).toHaveTextContent('batch')
  })

  it('filters by 429 only, status class and path, and clears the filters from the empty state', async () => {
    const user = userEvent.setup()
    await show([
      entry({ path: '/api/payment/pay_a' }),
      rateLimited({ path: '/api/payment/pay_b' }),
      entry({ status: 404, path: '/api/payment/pay_c' }),
    ])
    await user.click(screen.getByRole('switch', { name: '429 only' }))
    expect(logRows()).toHaveLength(1)
    expect(screen.getByTestId('request-count')).toHaveTextContent('1 of 3 requests')
    await user.click(screen.getByRole('switch', { name: '429 only' }))
    await user.click(within(screen.getByRole('radiogroup', { name: 'Status' })).getByLabelText('4xx'))
    expect(logRows()).toHaveLength(2)
    await user.type(screen.getByLabelText('Path contains'), 'PAY_C')
    expect(logRows()).toHaveLength(1)
    await user.click(within(screen.getByRole('radiogroup', { name: 'Status' })).getByLabelText('2xx'))
    expect(screen.getByText('No request matches these filters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(logRows()).toHaveLength(3)
    expect(screen.getByLabelText('Path contains')).toHaveValue('')
  })

  it('renders only the rows in sight of 10,000, and follows live batches', async () => {
    await show(Array.from({ length: 10_000 }, (_, index) => entry({ path: `/api/payment/pay_${index}` })))
    const rendered = logRows()
    expect(rendered.length).toBeGreaterThan(5)
    expect(rendered.length).toBeLessThan(60)
    expect(rendered[0]).toHaveTextContent('/api/payment/pay_9999')
    api.emit('requestLogAppended', [rateLimited({ path: '/api/payment/pay_new' })])
    await waitFor(() => {
      expect(logRows()[0]).toHaveTextContent('/api/payment/pay_new')
    })
    expect(screen.getByTestId('request-count')).toHaveTextContent('10,000 requests')
  })

  it('tells the user what to do when nothing was sent yet', async () => {
    const user = userEvent.setup()
    await show([])
    expect(screen.getByText('No requests yet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Look up a payment' }))
    expect(useNavigation.getState().view).toBe('payments')
  })

  it('says why the log did not load and tries again', async () => {
    const user = userEvent.setup()
    api.fail('getRequestLog', { code: 'internal', message: 'The request log is not available.' })
    api.handle('getScheduler', () => ({ config: { ceiling: 100, concurrency: 20, headroom: 0.1 }, state: schedulerState() }))
    renderWithProviders(<RequestsView />)
    await useRequests.getState().start()
    expect(await screen.findByText('The request log is not available.')).toBeInTheDocument()
    serve([entry()])
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => {
      expect(logRows()).toHaveLength(1)
    })
    expect(screen.queryByText('The request log is not available.')).not.toBeInTheDocument()
  })

  it('shows the rate against the ceiling, tokens, queue and the learned limit', async () => {
    await show(
      [],
      schedulerState({
        rate: 0.25,
        ceiling: 100,
        learnedLimit: 0.26,
        tokens: 0.5,
        burst: 2,
        inFlight: 3,
        concurrency: 20,
        queued: { interactive: 4, batch: 3, total: 7 },
      }),
    )
    expect(screen.getByTestId('scheduler-rate')).toHaveTextContent('0.25 req/s')
    expect(screen.getByTestId('scheduler-ceiling')).toHaveTextContent('100 req/s')
    expect(screen.getByTestId('scheduler-tokens')).toHaveTextContent('0.5 / 2')
    expect(screen.getByTestId('queue-depth')).toHaveTextContent('7')
    expect(screen.getByText('4 interactive · 3 batch')).toBeInTheDocument()
    expect(screen.getByTestId('scheduler-in-flight')).toHaveTextContent('3 / 20')
    expect(screen.getByText(/limit at about 0.26 req\/s/)).toBeInTheDocument()
    expect(screen.queryByTestId('pause-countdown')).not.toBeInTheDocument()
  })

  it('says what the throttle has learned, where from, the window and the headroom, in words', async () => {
    await show(
      [],
      schedulerState({ learnedLimit: 50, limitSource: 'headers', windowMs: 2_000, phase: 'hold', headroom: 0.1, batchRate: 45 }),
    )
    expect(screen.getByLabelText('What the throttle has learned')).toBeInTheDocument()
    expect(screen.getByTestId('learnt-limit')).toHaveTextContent(/^50 req\/s \(100 per 2(\.0+)? s\)$/)
    expect(screen.getByTestId('limit-source')).toHaveTextContent('Announced by the service (rate-limit headers)')
    expect(screen.getByTestId('limit-window')).toHaveTextContent(/^2(\.0+)? s$/)
    expect(screen.getByTestId('scheduler-phase')).toHaveTextContent('Pacing at the announced limit')
    expect(screen.getByTestId('scheduler-headroom')).toHaveTextContent('10 % of the limit: batch work at most 45 req/s')
  })

  it('says what a limit learnt from 429s is, and where the law stands', async () => {
    await show([], schedulerState({ learnedLimit: 30, limitSource: 'probing', windowMs: null, phase: 'probe' }))
    expect(screen.getByText('Rate of the last 429')).toBeInTheDocument()
    expect(screen.getByTestId('learnt-limit')).toHaveTextContent(/^30 req\/s$/)
    expect(screen.getByTestId('limit-source')).toHaveTextContent('Learned from 429s while probing')
    expect(screen.getByTestId('limit-window')).toHaveTextContent('Not announced')
    expect(screen.getByTestId('scheduler-phase')).toHaveTextContent('Above the rate of the last 429, looking for a higher limit')
  })

  it('says when the limit was learnt in an earlier session, until an answer replaces it', async () => {
    const learntAt = new Date(2026, 10, 27, 14, 2).getTime()
    await show([], schedulerState({ learnedLimit: 30, limitSource: 'probing', phase: 'hold', resumedFrom: learntAt }))
    expect(screen.getByTestId('limit-source')).toHaveTextContent(
      /^Learned from 429s while probing, in an earlier session \(.*27.*14:02.*\): checked again as requests go$/,
    )
  })

  it('says when the rate started from was reached in an earlier session that met no limit', async () => {
    const learntAt = new Date(2026, 10, 27, 14, 2).getTime()
    await show([], schedulerState({ learnedLimit: null, limitSource: 'none', phase: 'discover', resumedFrom: learntAt }))
    expect(screen.getByTestId('limit-source')).toHaveTextContent(
      /^Not known yet: started from the rate an earlier session \(.*27.*14:02.*\) reached without one$/,
    )
    expect(screen.getByTestId('learnt-limit')).toHaveTextContent('Not known yet')
  })

  it('says how many requests in flight the service was seen to refuse more than, and none before', async () => {
    await show([], schedulerState({ learnedLimit: 20, limitSource: 'probing', phase: 'hold', inFlightCap: 4, inFlightHeld: 4 }))
    expect(screen.getByTestId('scheduler-in-flight-cap')).toHaveTextContent(/^At most 4 at once: a 429 came with 5 in flight$/)
    // The tile counts against the cap that holds requests back, not the configured concurrency.
    expect(screen.getByTestId('scheduler-in-flight')).toHaveTextContent(/^\d+ \/ 4$/)
    expect(screen.getByText('at once, of the cap learnt from 429s')).toBeInTheDocument()
  })

  it('says how many places of a learnt cap this desk leaves to colleagues, and counts its own against the rest', async () => {
    await show([], schedulerState({ learnedLimit: 20, limitSource: 'probing', phase: 'hold', inFlightCap: 12, inFlightHeld: 11 }))
    expect(screen.getByTestId('scheduler-in-flight-cap')).toHaveTextContent(
      'At most 12 at once: a 429 came with 13 in flight. This desk takes 11, leaving 1 to colleagues',
    )
    expect(screen.getByTestId('scheduler-in-flight')).toHaveTextContent(/^\d+ \/ 11$/)
    expect(screen.getByText('at once, of the cap learnt from 429s less 1 left to colleagues')).toBeInTheDocument()
  })

  it('says when the limit is not known and the key is not shared', async () => {
    await show([], schedulerState({ learnedLimit: null, limitSource: 'none', windowMs: null, headroom: 0 }))
    expect(screen.getByTestId('learnt-limit')).toHaveTextContent('Not known yet')
    expect(screen.getByTestId('limit-source')).toHaveTextContent('Not known yet')
    expect(screen.getByTestId('limit-window')).toHaveTextContent('Not announced')
    expect(screen.getByTestId('scheduler-headroom')).toHaveTextContent('None: batch work may use the whole limit')
    expect(screen.getByTestId('scheduler-in-flight-cap')).toHaveTextContent('No cap seen')
  })

  it('applies a new headroom as a fraction, refusing more than half', async () => {
    const user = userEvent.setup()
    await show([])
    api.handle('configureScheduler', (patch) => {
      const state = schedulerState({ headroom: patch.headroom ?? 0.1 })
      return { config: { ceiling: state.ceiling, concurrency: state.concurrency, headroom: state.headroom }, state }
    })
    const headroom = screen.getByRole('textbox', { name: /Headroom/ })
    await user.clear(headroom)
    await user.type(headroom, '60')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('The headroom must be from 0 to 50 %')).toBeInTheDocument()
    expect(api.calls('configureScheduler')).toHaveLength(0)
    await user.clear(headroom)
    await user.type(headroom, '15{Enter}')
    await waitFor(() => {
      expect(api.calls('configureScheduler')).toEqual([{ ceiling: 100, concurrency: 20, headroom: 0.15 }])
    })
    await waitFor(() => {
      expect(screen.getByTestId('scheduler-headroom')).toHaveTextContent('15 % of the limit')
    })
  })

  it('counts a Retry-After pause down and hides it when it ends', async () => {
    await show([rateLimited()], schedulerState({ pausedUntil: Date.now() + 2000 }))
    const countdown = screen.getByTestId('pause-countdown')
    const first = Number(countdown.dataset.remainingMs)
    expect(first).toBeGreaterThan(1000)
    expect(countdown).toHaveTextContent(/resuming in \d\.\d\d s/)
    await waitFor(() => {
      expect(Number(screen.getByTestId('pause-countdown').dataset.remainingMs)).toBeLessThan(first)
    })
    await waitFor(
      () => {
        expect(screen.queryByTestId('pause-countdown')).not.toBeInTheDocument()
      },
      { timeout: 3500 },
    )
  })

  it('names a pause the service asked for: why, and the header that asked', async () => {
    const until = Date.now() + 600_000
    await show([], schedulerState({ pausedUntil: until, pause: { until, reason: 'quota', header: 'X-RateLimit-Reset: 3600000' } }))
    const alert = screen.getByTestId('pause-countdown').closest('[role="alert"], .mantine-Alert-root') ?? document.body
    expect(alert).toHaveTextContent('The service’s announced quota is spent until its reset')
    expect(screen.getByTestId('pause-header')).toHaveTextContent('Asked for by X-RateLimit-Reset: 3600000')
  })

  it('lists every limit the service announced, with what is left of each', async () => {
    const resetAt = Date.now() + 30_000
    await show(
      [],
      schedulerState({
        announced: [
          { name: 'short', limit: 3, windowMs: null, remaining: 2, resetAt: Date.now() + 800 },
          { name: 'long', limit: 100, windowMs: 60_000, remaining: 41, resetAt },
        ],
      }),
    )
    const rows = within(screen.getByRole('table', { name: 'Limits the service announced' })).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'Limit the service announcedQuotaLeftWhole again in',
      expect.stringMatching(/^short32/),
      expect.stringMatching(/^long100 per 1 min 0 s41(2[0-9]|30) s$/),
    ])
  })

  it('applies a new ceiling and concurrency, and shows a refusal', async () => {
    const user = userEvent.setup()
    await show([])
    api.handle('configureScheduler', (patch) => {
      const state = schedulerState({ ceiling: patch.ceiling ?? 100, concurrency: patch.concurrency ?? 20 })
      return { config: { ceiling: state.ceiling, concurrency: state.concurrency, headroom: state.headroom }, state }
    })
    const ceiling = screen.getByRole('textbox', { name: /Ceiling/ })
    const concurrency = screen.getByRole('textbox', { name: /Concurrency/ })
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled()
    await user.clear(ceiling)
    await user.type(ceiling, '2000')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('The ceiling must be from 1 to 1000 requests per second')).toBeInTheDocument()
    expect(api.calls('configureScheduler')).toHaveLength(0)
    await user.clear(ceiling)
    await user.type(ceiling, '5')
    await user.clear(concurrency)
    await user.type(concurrency, '8{Enter}')
    await waitFor(() => {
      expect(api.calls('configureScheduler')).toEqual([{ ceiling: 5, concurrency: 8, headroom: 0.1 }])
    })
    await waitFor(() => {
      expect(screen.getByTestId('scheduler-ceiling')).toHaveTextContent('5 req/s')
    })
    expect(screen.getByTestId('scheduler-in-flight')).toHaveTextContent('0 / 8')
    expect(screen.getByRole('textbox', { name: /Ceiling/ })).toHaveValue('5')

    api.fail('configureScheduler', { code: 'storage', message: 'The settings file could not be written.' })
    await user.clear(screen.getByRole('textbox', { name: /Concurrency/ }))
    await user.type(screen.getByRole('textbox', { name: /Concurrency/ }), '4')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('The settings file could not be written.')).toBeInTheDocument()
  })
})
