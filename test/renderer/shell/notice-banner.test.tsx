import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { NoticeBanner } from '../../../src/renderer/src/shell/notice-banner'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { PaymentsView } from '../../../src/renderer/src/views/payments/payments-view'
import { renderWithProviders } from '../render'
import { installFakeSettings } from '../settings/fake-settings'

describe('the notice from the main process', () => {
  it('shows above the screen the app opens on (not only in Settings), until dismissed', async () => {
    installFakeSettings({ notice: 'Your settings file was damaged; it was moved aside and the defaults restored.' })
    await useConnection.getState().load()
    renderWithProviders(
      <>
        <NoticeBanner />
        <PaymentsView />
      </>,
    )
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument()
    expect(screen.getByTestId('app-notice')).toHaveTextContent('settings file was damaged')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('app-notice')).not.toBeInTheDocument()
  })
})
