import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PolicyView } from '../../../src/shared/contract/policy-schema'
import { lockedReason } from '../../../src/shared/policy/channel-roles'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { SettingsView } from '../../../src/renderer/src/views/settings/settings-view'
import { renderWithProviders } from '../render'
import { installFakeSettings } from './fake-settings'

const supportPolicy: PolicyView = {
  source: 'file',
  role: 'support',
  allowedEnvironments: ['local', 'production'],
  lockedBaseUrls: ['production'],
  lockedThrottle: ['ceiling'],
  typeEnvironmentName: false,
  fingerprint: '0123456789abcdef',
}

async function renderSettings(policy: PolicyView) {
  installFakeSettings({
    policy,
    settings: { environments: { production: { baseUrl: 'https://api.example.com' }, operator: { baseUrl: null } } },
    keys: { production: 'service_prod_abc' },
  })
  await useConnection.getState().load()
  renderWithProviders(<SettingsView />)
  return userEvent.setup()
}

describe('Settings under a managed policy', () => {
  it('support: says what the policy decides, offers only the allowed environments, locks the base URL and hides keys', async () => {
    const user = await renderSettings(supportPolicy)
    const section = screen.getByTestId('policy-section')
    expect(within(section).getByText(/Role: Support/)).toBeInTheDocument()
    expect(within(section).getByText('0123456789abcdef')).toBeInTheDocument()
    expect(screen.queryByTestId('environment-option-operator')).not.toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: /Operator sandbox/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: /Production/ }))
    const url = screen.getByLabelText('Base URL')
    expect(url).toHaveAttribute('readonly')
    expect(url).toHaveAccessibleDescription(lockedReason)
    expect(screen.queryByRole('button', { name: 'Save URL' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('key-section-production')).not.toBeInTheDocument()
    expect(screen.getByTestId('key-locked-production')).toHaveTextContent(/admins only/)
    expect(screen.queryByRole('button', { name: 'Test connection' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Ceiling (requests per second)')).toHaveAccessibleDescription(lockedReason)
    expect(screen.getByLabelText('Concurrency')).toHaveAttribute('readonly')
    expect(screen.queryByRole('button', { name: 'Save scheduler defaults' })).not.toBeInTheDocument()
  })

  it('admin with a locked base URL: the other fields stay editable', async () => {
    const user = await renderSettings({ ...supportPolicy, role: 'admin' })
    await user.click(screen.getByRole('tab', { name: /Production/ }))
    expect(screen.getByLabelText('Base URL')).toHaveAttribute('readonly')
    expect(screen.getByTestId('key-section-production')).toBeInTheDocument()
    expect(screen.getByLabelText('Ceiling (requests per second)')).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Concurrency')).not.toHaveAttribute('readonly')
    expect(screen.getByRole('button', { name: 'Save scheduler defaults' })).toBeInTheDocument()
  })

  it('no policy file: no policy section, nothing locked', async () => {
    installFakeSettings()
    await useConnection.getState().load()
    renderWithProviders(<SettingsView />)
    expect(screen.queryByTestId('policy-section')).not.toBeInTheDocument()
    expect(screen.getAllByTestId(/^environment-option-/)).toHaveLength(3)
  })
})
