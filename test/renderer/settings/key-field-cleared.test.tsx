import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { InvokeResponse } from '../../../src/shared/contract/channels'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { SettingsView } from '../../../src/renderer/src/views/settings/settings-view'
import { renderWithProviders } from '../render'
import { installFakeSettings } from './fake-settings'

// The key is typed in the renderer. Once it has been handed to the main process it must
// not stay there: not in the field, not in any store, whatever main answers.

const key = 'service_sandbox_typed_in_the_renderer_0123'
const withOperatorUrl = {
  settings: { environments: { production: { baseUrl: null }, operator: { baseUrl: 'https://sandbox.example.com' } } },
}

async function typeKeyAndSave(): Promise<HTMLElement> {
  useNavigation.getState().go('settings')
  await useConnection.getState().load()
  renderWithProviders(<SettingsView />)
  const user = userEvent.setup()
  await user.click(screen.getByRole('tab', { name: /Operator sandbox/ }))
  const field = screen.getByLabelText('Private key')
  await user.type(field, key)
  expect(field).toHaveValue(key)
  await user.click(screen.getByRole('button', { name: 'Save key' }))
  return field
}

/** Nothing the renderer keeps holds the key: the DOM, the field, the store. */
function expectKeyGone(field: HTMLElement): void {
  expect(field).toHaveValue('')
  expect(document.body.innerHTML).not.toContain(key)
  expect(JSON.stringify(useConnection.getState())).not.toContain(key)
}

describe('the key field is emptied as soon as setKey is sent', () => {
  it('while main has not answered yet', async () => {
    const fake = installFakeSettings(withOperatorUrl)
    let answer: (view: InvokeResponse<'setKey'>) => void = () => undefined
    fake.api.handle(
      'setKey',
      () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    )
    const field = await typeKeyAndSave()
    await waitFor(() => {
      expect(fake.api.calls('setKey')).toEqual([{ environment: 'operator', key }])
    })
    expectKeyGone(field)
    fake.keys.operator = key
    answer(fake.view())
    expect(await screen.findByText('A key is stored in the system keychain')).toBeInTheDocument()
  })

  it('when main stores it', async () => {
    installFakeSettings(withOperatorUrl)
    const field = await typeKeyAndSave()
    expect(await screen.findByText('A key is stored in the system keychain')).toBeInTheDocument()
    expectKeyGone(field)
  })

  it('when the keychain refuses it: the error shows, the key does not stay behind to retry with', async () => {
    const fake = installFakeSettings(withOperatorUrl)
    fake.api.fail('setKey', { code: 'keychain-locked', message: 'The keychain is locked. Unlock it and try again.' })
    const field = await typeKeyAndSave()
    expect(await screen.findByText('The keychain is locked. Unlock it and try again.')).toBeInTheDocument()
    expectKeyGone(field)
  })

  it('when main refuses the key itself: the reason stays next to the emptied field', async () => {
    const fake = installFakeSettings(withOperatorUrl)
    fake.api.fail('setKey', { code: 'invalid-key', message: 'The key is longer than any private key: copy it again.' })
    const field = await typeKeyAndSave()
    expect(await screen.findByText('The key is longer than any private key: copy it again.')).toBeInTheDocument()
    expectKeyGone(field)
  })

  it('is not sent, and stays in the field, while no base URL is saved to bind it to', async () => {
    const fake = installFakeSettings()
    const field = await typeKeyAndSave()
    expect(await screen.findByText(/Save the base URL of Operator sandbox first/)).toBeInTheDocument()
    expect(fake.api.calls('setKey')).toEqual([])
    expect(field).toHaveValue(key)
  })
})
