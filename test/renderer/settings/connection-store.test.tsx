import { notifications } from '@mantine/notifications'
import { describe, expect, it, vi } from 'vitest'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { selectActiveEnvironment, selectActiveLabel, useConnection } from '../../../src/renderer/src/stores/connection-store'
import { installFakeSettings } from './fake-settings'

describe('connection store', () => {
  it('loads the settings view and names the active environment', async () => {
    installFakeSettings({ settings: { activeEnvironment: 'operator' } })
    await useConnection.getState().load()
    expect(selectActiveEnvironment(useConnection.getState())).toBe('operator')
    expect(selectActiveLabel(useConnection.getState())).toBe('Operator sandbox')
  })

  it('keeps a one-time notice until it is dismissed, even when a later view has none', async () => {
    installFakeSettings({ notice: 'The settings file was unreadable and was set aside.' })
    await useConnection.getState().load()
    await useConnection.getState().update({ theme: 'dark' })
    expect(useConnection.getState().view?.notice).toBeNull()
    expect(useConnection.getState().notice).toBe('The settings file was unreadable and was set aside.')
    useConnection.getState().dismissNotice()
    expect(useConnection.getState().notice).toBeNull()
  })

  it('records a connection test, and forgets it when the key is replaced', async () => {
    const fake = installFakeSettings({
      keys: { operator: 'service_sandbox_a' },
      settings: { environments: { production: { baseUrl: null }, operator: { baseUrl: 'https://sandbox.example.com' } } },
    })
    await useConnection.getState().load()
    await useConnection.getState().testConnection('operator')
    expect(useConnection.getState().tests.operator).toMatchObject({ status: 'passed' })
    await useConnection.getState().setKey('operator', 'service_sandbox_b')
    expect(useConnection.getState().tests.operator).toBeUndefined()
    expect(fake.keys.operator).toBe('service_sandbox_b')
  })

  it('forgets a test result when the base URL changes', async () => {
    installFakeSettings({
      keys: { operator: 'service_sandbox_a' },
      settings: { environments: { production: { baseUrl: null }, operator: { baseUrl: 'https://sandbox.example.com' } } },
    })
    await useConnection.getState().load()
    await useConnection.getState().testConnection('operator')
    await useConnection.getState().testConnection('local')
    await useConnection.getState().update({ baseUrl: { environment: 'operator', url: 'https://other.example.com' } })
    expect(useConnection.getState().tests.operator).toBeUndefined()
    expect(useConnection.getState().tests.local).toMatchObject({ status: 'passed' })
  })

  it('turns a failed test call into a failed result with its code and message', async () => {
    const fake = installFakeSettings()
    await useConnection.getState().load()
    fake.api.fail('testKey', { code: 'keychain-locked', message: 'The keychain is locked: unlock it and try again.' })
    await useConnection.getState().testConnection('operator')
    expect(useConnection.getState().tests.operator).toMatchObject({
      status: 'failed',
      error: { code: 'keychain-locked', message: 'The keychain is locked: unlock it and try again.' },
    })
  })

  it('keeps only the latest of two overlapping tests', async () => {
    const fake = installFakeSettings()
    await useConnection.getState().load()
    let release: (() => void) | undefined
    fake.api.handle(
      'testKey',
      () =>
        new Promise((resolve) => {
          release = () => {
            resolve({ message: 'old' })
          }
        }),
    )
    const first = useConnection.getState().testConnection('local')
    fake.api.handle('testKey', () => ({ message: 'new' }))
    await useConnection.getState().testConnection('local')
    release?.()
    await first
    expect(useConnection.getState().tests.local).toMatchObject({ status: 'passed', message: 'new' })
  })

  it('throws the refusal of a key so the form can show it', async () => {
    const fake = installFakeSettings()
    await useConnection.getState().load()
    fake.api.fail('setKey', { code: 'invalid-key', message: 'This is a public key (service_pub_...).' })
    await expect(useConnection.getState().setKey('production', 'service_pub_prod_x')).rejects.toMatchObject({ code: 'invalid-key' })
  })

  it('tells the admin about a test result that lands after they left Settings', async () => {
    installFakeSettings()
    const show = vi.spyOn(notifications, 'show')
    await useConnection.getState().load()
    useNavigation.getState().go('settings')
    await useConnection.getState().testConnection('local')
    expect(show).not.toHaveBeenCalled()
    useNavigation.getState().go('payments')
    await useConnection.getState().testConnection('local')
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Connection works', message: 'Connected to Local sandbox: the key is accepted.' }),
    )
    show.mockRestore()
  })
})
