import { Text } from '@mantine/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from '../../../src/renderer/src/components/confirm-dialog'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { SettingsView } from '../../../src/renderer/src/views/settings/settings-view'
import { WebhooksView } from '../../../src/renderer/src/views/webhooks/webhooks-view'
import { installFakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { installFakeSettings } from '../settings/fake-settings'
import { endpoint, setEnvironment } from '../webhooks/fixtures'

/** The dialog opens with Cancel focused; Enter then cancels, whatever the dialog is for. */
async function expectEnterCancels(dialogName: string, cancelName: string): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: dialogName })
  const cancel = within(dialog).getByRole('button', { name: cancelName })
  await waitFor(() => {
    expect(cancel).toHaveFocus()
  })
  await userEvent.keyboard('{Enter}')
  await waitFor(() => {
    expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument()
  })
}

describe('ConfirmDialog', () => {
  function open() {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Register a live webhook?"
        cancelLabel="Cancel"
        confirmLabel="Register in Production"
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <Text size="sm">Real customers&apos; payment events go to this URL.</Text>
      </ConfirmDialog>,
    )
    return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Register a live webhook?' }) }
  }

  it('focuses Cancel, never the destructive button, so Enter cancels', async () => {
    const { onConfirm, onCancel, dialog } = open()
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    await waitFor(() => {
      expect(cancel).toHaveFocus()
    })
    expect(within(dialog).getByRole('button', { name: 'Register in Production' })).not.toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('cancels on Escape', async () => {
    const { onConfirm, onCancel, dialog } = open()
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    })
    await userEvent.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('confirms only on a deliberate choice of the confirm button', async () => {
    const { onConfirm, onCancel, dialog } = open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register in Production' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onCancel).not.toHaveBeenCalled()
  })
})

describe('every confirmation in the app is that dialog', () => {
  async function renderSettings() {
    const fake = installFakeSettings({
      settings: { environments: { production: { baseUrl: null }, operator: { baseUrl: 'https://sandbox.example.com' } } },
      keys: { operator: 'service_sandbox_secret123' },
    })
    useNavigation.getState().go('settings')
    await useConnection.getState().load()
    renderWithProviders(<SettingsView />)
    return fake
  }

  it('switching to Production: Enter stays where it is', async () => {
    const fake = await renderSettings()
    await userEvent.click(screen.getByRole('radio', { name: /Production/ }))
    await expectEnterCancels('Switch to Production?', 'Stay where I am')
    expect(fake.api.calls('updateSettings')).toHaveLength(0)
    expect(useConnection.getState().view?.settings.activeEnvironment).not.toBe('production')
  })

  it('deleting a key: Enter keeps the key', async () => {
    const fake = await renderSettings()
    await userEvent.click(screen.getByRole('tab', { name: /Operator sandbox/ }))
    await userEvent.click(within(screen.getByTestId('key-section-operator')).getByRole('button', { name: 'Delete key' }))
    await expectEnterCancels('Delete the Operator sandbox key?', 'Keep the key')
    expect(fake.keys.operator).toBe('service_sandbox_secret123')
    expect(screen.getByText('A key is stored in the system keychain')).toBeInTheDocument()
  })

  it('revealing a webhook secret: Enter reveals nothing', async () => {
    const api = installFakeApi()
    api.handle('listWebhooks', () => [endpoint()])
    api.handle('listSandboxDeliveries', () => [])
    api.handle('revealWebhookSecret', () => ({ secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0' }))
    setEnvironment('local')
    useNavigation.setState({ view: 'webhooks' })
    renderWithProviders(<WebhooksView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Open https://hooks.example.com/payments' }))
    await userEvent.click(screen.getByRole('button', { name: 'Reveal secret once…' }))
    await expectEnterCancels('Reveal the signing secret?', 'Cancel')
    expect(api.calls('revealWebhookSecret')).toHaveLength(0)
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument()
  })
})
