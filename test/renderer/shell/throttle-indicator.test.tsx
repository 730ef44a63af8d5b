import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RequestLogEntry } from '../../../src/shared/contract/request-log-schema'
import type { SchedulerStateView } from '../../../src/shared/contract/scheduler-schema'
import { ThrottleIndicator } from '../../../src/renderer/src/shell/throttle-indicator'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { useRequests } from '../../../src/renderer/src/stores/requests-store'
import { renderWithProviders } from '../render'
import { installFakeSettings } from '../settings/fake-settings'
import { entry, rateLimited, schedulerState } from '../requests/entries'

const now = Date.UTC(2026, 0, 15, 12, 0, 0)

beforeEach(() => {
  vi.useFakeTimers({ now, shouldAdvanceTime: true })
  useNavigation.getState().go('payments')
})
afterEach(() => {
  vi.useRealTimers()
})

/** The header as the app shows it, over this log and this scheduler state, for the local sandbox's Default account. */
async function show(log: RequestLogEntry[], state: Partial<SchedulerStateView>): Promise<HTMLElement> {
  const { api } = installFakeSettings()
  api.handle('getRequestLog', () => log)
  api.handle('getScheduler', () => ({ config: { ceiling: 100, concurrency: 20, headroom: 0.1 }, state: schedulerState(state) }))
  await useConnection.getState().load()
  renderWithProviders(<ThrottleIndicator />)
  await useRequests.getState().start()
  return screen.findByTestId('throttle-indicator')
}

/** `count` requests spread over the `spanMs` before `end`. */
function sentBefore(end: number, count: number, spanMs: number, overrides: Partial<RequestLogEntry> = {}): RequestLogEntry[] {
  return Array.from({ length: count }, (_, index) => entry({ time: end - ((index + 0.5) * spanMs) / count, ...overrides }))
}

describe('the rate meter in the header', () => {
  it('reads the requests sent in the last seconds against the limit, not the rate the throttle would allow', async () => {
    // 20 sent in the last 5 s (4 req/s), 200 a minute ago, and another account's burst: none of those count.
    const log = [
      ...sentBefore(now - 60_000, 200, 5_000),
      ...sentBefore(now, 20, 5_000),
      ...sentBefore(now, 50, 5_000, { account: 'Shop FR' }),
    ]
    const meter = await show(log, { rate: 93.6, ceiling: 100 })
    expect(screen.getByTestId('sent-rate')).toHaveTextContent(/^4 of 100 req\/s$/)
    expect(meter).not.toHaveTextContent('93.6')
    expect(screen.getByRole('progressbar', { name: 'Requests sent against the limit' })).toHaveAttribute('aria-valuenow', '4')
  })

  it('reads 0 when idle, however high the throttle would let it go', async () => {
    await show(sentBefore(now - 30_000, 500, 5_000), { rate: 20, ceiling: 20 })
    expect(screen.getByTestId('sent-rate')).toHaveTextContent(/^0 of 20 req\/s$/)
    expect(screen.getByRole('progressbar', { name: 'Requests sent against the limit' })).toHaveAttribute('aria-valuenow', '0')
  })

  it('falls to 0 within seconds of the last request', async () => {
    await show(sentBefore(now, 10, 1_000), { ceiling: 100 })
    expect(screen.getByTestId('sent-rate')).toHaveTextContent(/^2 of 100 req\/s$/)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    expect(screen.getByTestId('sent-rate')).toHaveTextContent(/^0 of 100 req\/s$/)
  })

  it('measures against the limit learnt from 429s or announced, when it is below the ceiling', async () => {
    const meter = await show(sentBefore(now, 50, 5_000), { ceiling: 100, learnedLimit: 12.5, limitSource: 'probing' })
    expect(screen.getByTestId('sent-rate')).toHaveTextContent(/^10 of 12\.5 req\/s$/)
    expect(meter).toHaveAccessibleName(/the limit, learnt from the service's 429s, is 12\.5/)
  })

  it('says when the last 429 was, in words, and keeps it red only while it is recent', async () => {
    await show([rateLimited({ time: now - 3 * 60_000 }), rateLimited({ time: now - 10 * 60_000 }), entry({ time: now - 1_000 })], {})
    const last = screen.getByTestId('last-429')
    expect(last).toHaveTextContent(/^last 429 3 minutes ago$/)
    expect(last.style.getPropertyValue('color')).not.toContain('red')
  })

  it('shows a fresh 429 in red, and says so when there has been none', async () => {
    await show([rateLimited({ time: now - 2_000 })], {})
    expect(screen.getByTestId('last-429')).toHaveTextContent(/^last 429 just now$/)
    expect(screen.getByTestId('last-429').style.getPropertyValue('color')).toContain('red')
  })

  it('is a button a keyboard reaches, that opens Requests', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const meter = await show([], {})
    expect(screen.getByTestId('last-429')).toHaveTextContent(/^no 429 yet$/)
    expect(meter).toHaveAccessibleName(
      /^0 of 100 req\/s, no 429 yet\. Sending 0 requests per second; the limit, the throttle ceiling, is 100\./,
    )
    await user.tab()
    expect(meter).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(useNavigation.getState().view).toBe('requests')
  })
})
