import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { errorWords } from '../../../src/shared/error-words'
import { SupportSection } from '../../../src/renderer/src/views/settings/support-section'
import { installFakeApi } from '../fake-api'
import { renderWithProviders } from '../render'

const diagnostics = 'Payments Desk diagnostics, 2026-01-01T00:00:00.000Z\nApp: 0.1.0\nRecent errors and warnings: none'

function renderSection() {
  const api = installFakeApi()
  // Set up before the render: user-event puts its own clipboard on navigator.
  const user = userEvent.setup()
  renderWithProviders(<SupportSection />)
  return { api, user, outcome: () => within(screen.getByTestId('support-outcome')) }
}

describe('Settings: Support', () => {
  it('copies the diagnostics main wrote to the clipboard and shows all of it', async () => {
    const { api, user, outcome } = renderSection()
    api.handle('getDiagnostics', () => ({ text: diagnostics }))
    await user.click(screen.getByRole('button', { name: 'Copy diagnostics' }))
    expect(await outcome().findByText(/Copied to the clipboard/)).toBeInTheDocument()
    expect(screen.getByTestId('diagnostics-text')).toHaveTextContent('App: 0.1.0')
    expect(screen.getByTestId('diagnostics-text').textContent).toBe(diagnostics)
    expect(await navigator.clipboard.readText()).toBe(diagnostics)
    expect(api.calls('getDiagnostics')).toEqual([{}])
  })

  it('shows the text to copy by hand when the clipboard refuses it', async () => {
    const { api, user, outcome } = renderSection()
    api.handle('getDiagnostics', () => ({ text: diagnostics }))
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'))
    await user.click(screen.getByRole('button', { name: 'Copy diagnostics' }))
    expect(await outcome().findByText('Not copied: the clipboard refused it')).toBeInTheDocument()
    expect(outcome().queryByText(/Copied to the clipboard/)).not.toBeInTheDocument()
    expect(screen.getByTestId('diagnostics-text').textContent).toBe(diagnostics)
  })

  it('opens the logs folder and says where it is', async () => {
    const { api, user, outcome } = renderSection()
    api.handle('openLogsFolder', () => ({ path: '/home/ada/.config/payments-desk/logs' }))
    await user.click(screen.getByRole('button', { name: 'Open logs folder' }))
    expect(await outcome().findByText('/home/ada/.config/payments-desk/logs')).toBeInTheDocument()
    expect(api.calls('openLogsFolder')).toEqual([{}])
  })

  it('says why the logs folder could not be opened, with the next step', async () => {
    const { api, user, outcome } = renderSection()
    api.fail('openLogsFolder', {
      code: 'logs-folder-unavailable',
      message: 'The logs folder could not be opened (no file manager). It is /tmp/logs',
    })
    await user.click(screen.getByRole('button', { name: 'Open logs folder' }))
    const alert = await outcome().findByRole('alert')
    expect(alert).toHaveTextContent('The logs folder was not opened')
    expect(alert).toHaveTextContent('It is /tmp/logs')
    expect(alert).toHaveTextContent(errorWords['logs-folder-unavailable'].action)
  })
})
