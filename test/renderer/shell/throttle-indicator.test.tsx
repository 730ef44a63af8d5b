import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ThrottleIndicator } from '../../../src/renderer/src/shell/throttle-indicator'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { useRequests } from '../../../src/renderer/src/stores/requests-store'
import { installFakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { rateLimited, schedulerState } from '../requests/entries'

beforeEach(() => {
  const api = installFakeApi()
  api.handle('getRequestLog', () => [rateLimited(), rateLimited()])
  api.handle('getScheduler', () => ({ config: { ceiling: 100, concurrency: 20, headroom: 0.1 }, state: schedulerState({ rate: 42.5 }) }))
  useNavigation.getState().go('payments')
})

describe('the throttle indicator in the header', () => {
  it('is a button a keyboard reaches, that says the rate and the 429s and opens Requests', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ThrottleIndicator />)
    await useRequests.getState().start()
    const indicator = await screen.findByRole('button', {
      name: /^42\.5 of 100 req\/s 2 × 429\. Throttle: 42\.5 of 100 requests per second, 2 rate-limited\./,
    })
    await user.tab()
    expect(indicator).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(useNavigation.getState().view).toBe('requests')
  })
})
