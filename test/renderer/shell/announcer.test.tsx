import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Announcer, announce } from '../../../src/renderer/src/shell/announcer'
import { notifyIfAway } from '../../../src/renderer/src/shell/notify-away'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { usePayments } from '../../../src/renderer/src/stores/payments-store'
import { useRequests } from '../../../src/renderer/src/stores/requests-store'
import { failedPayment, installFakePayments } from '../payments/fake-payments'
import { entry, rateLimited, schedulerState } from '../requests/entries'
import { renderWithProviders } from '../render'

/** What a screen reader hears from the polite region, without the no-break space that marks a repeat. */
const said = (): string => screen.getByTestId('announcer').textContent.trim()

describe('the polite announcer', () => {
  it('is one polite status region, present before anything is said, that says a repeated message again', () => {
    renderWithProviders(<Announcer />)
    const region = screen.getByTestId('announcer')
    expect(region).toHaveAttribute('role', 'status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(said()).toBe('')
    act(() => {
      announce('Done.')
    })
    const first = region.textContent
    act(() => {
      announce('Done.')
    })
    expect(said()).toBe('Done.')
    expect(region.textContent).not.toBe(first)
  })

  it('says what a lookup found, why it failed, or that there is no such payment', async () => {
    installFakePayments([failedPayment('card_declined', { id: 'pay_declined' })])
    renderWithProviders(<Announcer />)
    await act(() => usePayments.getState().open('pay_declined'))
    expect(said()).toBe('Payment pay_declined: failed. Last attempt failed: Declined by the bank (card_declined).')
    await act(() => usePayments.getState().open('pay_nope'))
    expect(said()).toBe('No payment with this ID in Local sandbox. Looked up pay_nope.')
  })
})

describe('429s and the throttle pause', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  async function started() {
    const api = installFakePayments().api
    api.handle('getRequestLog', () => [])
    api.handle('getScheduler', () => ({ config: { ceiling: 100, concurrency: 20, headroom: 0.1 }, state: schedulerState() }))
    renderWithProviders(<Announcer />)
    await act(() => useRequests.getState().start())
    return api
  }

  it('gathers the 429s the log gains on the Requests screen into one sentence', async () => {
    const api = await started()
    act(() => {
      useNavigation.getState().go('requests')
      api.emit('requestLogAppended', [entry(), rateLimited()])
      api.emit('requestLogAppended', [rateLimited(), rateLimited()])
    })
    expect(said()).toBe('')
    act(() => {
      vi.advanceTimersByTime(2_000)
    })
    expect(said()).toBe('3 requests got 429 Too Many Requests.')
  })

  it('says nothing of 429s on another screen', async () => {
    const api = await started()
    act(() => {
      api.emit('requestLogAppended', [rateLimited()])
      vi.advanceTimersByTime(2_000)
    })
    expect(said()).toBe('')
  })

  it('says when the throttle starts a pause, once, not at each of its states', async () => {
    const api = await started()
    const until = Date.now() + 4_000
    act(() => {
      api.emit('schedulerState', schedulerState({ pausedUntil: until }))
    })
    expect(said()).toMatch(/^The service answered 429: every request waits [34](\.\d+)? s\.$/)
    const first = screen.getByTestId('announcer').textContent
    act(() => {
      api.emit('schedulerState', schedulerState({ pausedUntil: until, rate: 3 }))
    })
    expect(screen.getByTestId('announcer').textContent).toBe(first)
  })
})

describe('news from another screen', () => {
  it('shows as a notification said politely, not as an alert', async () => {
    renderWithProviders(<Announcer />)
    act(() => {
      useNavigation.getState().go('requests')
    })
    act(() => {
      notifyIfAway('batch', { title: 'Batch finished', message: '3 of 3 looked up.' })
    })
    const note = (await screen.findByText('Batch finished')).closest('[role]')
    expect(note).toHaveAttribute('role', 'status')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
