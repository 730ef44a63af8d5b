import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { SettingsView } from '../../../src/renderer/src/views/settings/settings-view'
import { renderWithProviders } from '../render'
import { installFakeSettings } from './fake-settings'

const operatorUrl = { production: { baseUrl: null }, operator: { baseUrl: 'https://sandbox.example.com' } }

async function renderSettings() {
  useNavigation.getState().go('settings')
  await useConnection.getState().load()
  renderWithProviders(<SettingsView />)
  return { user: userEvent.setup() }
}

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('tab', { name: new RegExp(name) }))
}

describe('SettingsView', () => {
  it('shows a loader, then the settings', async () => {
    installFakeSettings()
    renderWithProviders(<SettingsView />)
    expect(screen.getByLabelText('Loading settings')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
  })

  it('offers a retry when the settings cannot be read', async () => {
    const fake = installFakeSettings()
    fake.api.fail('getSettings', { code: 'storage', message: 'The settings file could not be read.' })
    renderWithProviders(<SettingsView />)
    expect(await screen.findByText('The settings file could not be read.')).toBeInTheDocument()
    fake.api.handle('getSettings', () => fake.view())
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Environment' })).toBeInTheDocument()
  })

  it('says the local sandbox key is managed by the app, with no key field, and tests it', async () => {
    installFakeSettings()
    const { user } = await renderSettings()
    const panel = screen.getByTestId('environment-panel-local')
    expect(within(panel).getByText(/generates and holds its keys: there is no key to\s+enter/)).toBeInTheDocument()
    expect(within(panel).queryByLabelText(/private key/i)).not.toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText('Connected to Local sandbox: the key is accepted.')).toBeInTheDocument()
  })

  it('checks the base URL before sending it', async () => {
    const fake = installFakeSettings()
    const { user } = await renderSettings()
    await openTab(user, 'Operator sandbox')
    const input = screen.getByLabelText('Base URL')
    await user.type(input, 'http://sandbox.example.com')
    await user.click(screen.getByRole('button', { name: 'Save URL' }))
    expect(await screen.findByText(/must start with https:\/\//)).toBeInTheDocument()
    expect(fake.api.calls('updateSettings')).toHaveLength(0)
    await user.clear(input)
    await user.type(input, 'https://sandbox.example.com/{enter}')
    await waitFor(() => {
      expect(fake.api.calls('updateSettings')).toEqual([{ baseUrl: { environment: 'operator', url: 'https://sandbox.example.com' } }])
    })
  })

  it('refuses a public key at once, with the explanation, without sending it', async () => {
    const fake = installFakeSettings({ settings: { environments: operatorUrl } })
    const { user } = await renderSettings()
    await openTab(user, 'Production')
    await user.type(screen.getByLabelText('Private key'), 'service_pub_prod_x')
    expect(screen.getByText(/This is a public key \(service_pub_\.\.\.\)/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save key' }))
    expect(fake.api.calls('setKey')).toHaveLength(0)
  })

  it('does not call a production key wrong while its prefix is still being typed', async () => {
    installFakeSettings()
    const { user } = await renderSettings()
    await openTab(user, 'Production')
    await user.type(screen.getByLabelText('Private key'), 'service_pr')
    expect(screen.queryByText(/starts with "service_prod_"/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save key' }))
    expect(screen.getByText(/starts with "service_prod_"/)).toBeInTheDocument()
  })

  it('saves a key, clears the field and never shows the key again; replace and delete', async () => {
    const fake = installFakeSettings({ settings: { environments: operatorUrl } })
    const { user } = await renderSettings()
    await openTab(user, 'Operator sandbox')
    const field = screen.getByLabelText('Private key')
    expect(field).toHaveAttribute('type', 'password')
    await user.type(field, 'service_sandbox_secret123')
    await user.click(screen.getByRole('button', { name: 'Save key' }))
    expect(await screen.findByText('A key is stored in the system keychain')).toBeInTheDocument()
    expect(fake.keys.operator).toBe('service_sandbox_secret123')
    expect(screen.queryByLabelText('Private key')).not.toBeInTheDocument()
    expect(document.body.innerHTML).not.toContain('secret123')

    await user.click(screen.getByRole('button', { name: 'Replace key' }))
    const replacement = screen.getByLabelText('New private key')
    expect(replacement).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Keep the stored key' }))
    expect(screen.getByText('A key is stored in the system keychain')).toBeInTheDocument()

    const section = screen.getByTestId('key-section-operator')
    await user.click(within(section).getByRole('button', { name: 'Delete key' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the Operator sandbox key?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep the key' }))
    expect(fake.keys.operator).toBe('service_sandbox_secret123')
    await user.click(within(section).getByRole('button', { name: 'Delete key' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the Operator sandbox key?' })).getByRole('button', { name: 'Delete key' }),
    )
    expect(await screen.findByLabelText('Private key')).toHaveValue('')
    expect(fake.keys.operator).toBeUndefined()
  })

  it('shows a keychain error with its message', async () => {
    const fake = installFakeSettings({ settings: { environments: operatorUrl } })
    fake.api.fail('setKey', {
      code: 'keychain-locked',
      message: 'The system keychain is locked. Unlock it (log in again) and save the key again.',
    })
    const { user } = await renderSettings()
    await openTab(user, 'Operator sandbox')
    await user.type(screen.getByLabelText('Private key'), 'service_sandbox_x')
    await user.click(screen.getByRole('button', { name: 'Save key' }))
    expect(await screen.findByText('The system keychain is locked. Unlock it (log in again) and save the key again.')).toBeInTheDocument()
    expect(screen.getByText('The key was not saved')).toBeInTheDocument()
  })

  it('shows the main process refusing a key next to the field', async () => {
    const fake = installFakeSettings({ settings: { environments: operatorUrl } })
    fake.api.fail('setKey', { code: 'invalid-key', message: 'The key is longer than any private key: copy it again.' })
    const { user } = await renderSettings()
    await openTab(user, 'Operator sandbox')
    const field = screen.getByLabelText('Private key')
    await user.type(field, 'service_sandbox_x')
    await user.click(screen.getByRole('button', { name: 'Save key' }))
    expect(await screen.findByText('The key is longer than any private key: copy it again.')).toBeInTheDocument()
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The key is longer than any private key'))
  })

  it('reports a failed connection test plainly', async () => {
    const fake = installFakeSettings({ settings: { environments: operatorUrl }, keys: { operator: 'service_sandbox_x' } })
    fake.api.fail('testKey', { code: 'key-rejected', message: 'Operator sandbox refused this key (401).' })
    const { user } = await renderSettings()
    await openTab(user, 'Operator sandbox')
    await user.click(screen.getByRole('button', { name: 'Test connection' }))
    const result = await screen.findByTestId('connection-test-result-operator')
    expect(result).toHaveTextContent('Connection failed')
    expect(result).toHaveTextContent('Operator sandbox refused this key (401).')
    // The next step from the vocabulary, and the code for a support ticket; no Settings button on Settings.
    expect(result).toHaveTextContent("Make sure it is this environment's private key")
    expect(result).toHaveAttribute('role', 'alert')
    expect(result).toHaveAttribute('data-code', 'key-rejected')
    expect(result).toHaveTextContent('Error code: key-rejected')
    expect(within(result).queryByRole('button', { name: 'Open Settings' })).toBeNull()
  })

  it('cannot test an environment that is not set up, and says what is missing', async () => {
    installFakeSettings()
    const { user } = await renderSettings()
    await openTab(user, 'Production')
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeDisabled()
    expect(screen.getByText('Not yet: needs a base URL and a private key.')).toBeInTheDocument()
  })

  it('asks before switching to production, and switches only on confirmation', async () => {
    const fake = installFakeSettings()
    const { user } = await renderSettings()
    await user.click(screen.getByRole('radio', { name: /Production/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Production?' })
    expect(within(dialog).getByText(/every such write asks you to confirm/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Stay where I am' }))
    expect(fake.api.calls('updateSettings')).toHaveLength(0)

    await user.click(screen.getByRole('radio', { name: /Production/ }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch to Production' }))
    await waitFor(() => {
      expect(useConnection.getState().view?.settings.activeEnvironment).toBe('production')
    })
    expect(fake.api.calls('updateSettings')).toEqual([{ activeEnvironment: 'production' }])
    expect(screen.getByRole('tab', { name: /Production/, selected: true })).toBeInTheDocument()
  })

  it('switches to the operator sandbox without asking', async () => {
    const fake = installFakeSettings()
    const { user } = await renderSettings()
    const picker = screen.getByRole('radiogroup', { name: 'Active environment' })
    await user.click(within(picker).getByRole('radio', { name: /Operator sandbox/ }))
    await waitFor(() => {
      expect(fake.api.calls('updateSettings')).toEqual([{ activeEnvironment: 'operator' }])
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('saves scheduler defaults within their limits', async () => {
    const fake = installFakeSettings()
    const { user } = await renderSettings()
    const concurrency = screen.getByLabelText('Concurrency')
    await user.clear(concurrency)
    await user.click(screen.getByRole('button', { name: 'Save scheduler defaults' }))
    expect(await screen.findByText('Enter how many requests may run at once.')).toBeInTheDocument()
    expect(fake.api.calls('updateSettings')).toHaveLength(0)
    await user.type(concurrency, '100')
    await user.tab()
    // Above the contract's limit: clamped to it rather than sent and refused.
    expect(concurrency).toHaveValue('64')
    await user.clear(concurrency)
    await user.type(concurrency, '4')
    const ceiling = screen.getByLabelText('Ceiling (requests per second)')
    await user.clear(ceiling)
    await user.type(ceiling, '12.5')
    await user.click(screen.getByRole('button', { name: 'Save scheduler defaults' }))
    await waitFor(() => {
      expect(fake.api.calls('updateSettings')).toEqual([{ throttle: { ceiling: 12.5, concurrency: 4 } }])
    })
  })

  it('saves the theme', async () => {
    const fake = installFakeSettings()
    const { user } = await renderSettings()
    await user.click(screen.getByText('Dark'))
    await waitFor(() => {
      expect(fake.api.calls('updateSettings')).toEqual([{ theme: 'dark' }])
    })
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()
  })
})
