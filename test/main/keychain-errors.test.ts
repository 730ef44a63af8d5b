// The mapping from keytar's failures to typed errors, with a fake keytar beside
// the real-keychain tests in keychain.test.ts. The messages are the ones keytar
// was observed to throw on Linux (see keychain.test.ts for the live cases).
import { describe, expect, it } from 'vitest'
import { isAppError, type AppError } from '../../src/shared/app-error'
import { createKeytarStore, createMemoryStore, type KeytarModule } from '../../src/main/secrets/keychain'

const unavailable =
  'No keychain service is running (Secret Service over D-Bus). Install and start GNOME Keyring or KWallet, then try again.'
const locked = 'The keychain is locked. Unlock it (log in again, or open your keyring manager) and try again.'

interface FakeKeytar extends KeytarModule {
  entries: Map<string, string>
  calls: string[]
}

function fakeKeytar(overrides: Partial<KeytarModule> = {}): FakeKeytar {
  const entries = new Map<string, string>()
  const calls: string[] = []
  const key = (service: string, account: string) => `${service}/${account}`
  return {
    entries,
    calls,
    getPassword(service, account) {
      calls.push(`get ${account}`)
      return overrides.getPassword?.(service, account) ?? Promise.resolve(entries.get(key(service, account)) ?? null)
    },
    setPassword(service, account, password) {
      calls.push(`set ${account}`)
      if (overrides.setPassword) return overrides.setPassword(service, account, password)
      entries.set(key(service, account), password)
      return Promise.resolve()
    },
    deletePassword(service, account) {
      calls.push(`delete ${account}`)
      return overrides.deletePassword?.(service, account) ?? Promise.resolve(entries.delete(key(service, account)))
    },
  }
}

function rejecting(message: string): () => Promise<never> {
  return () => Promise.reject(new Error(message))
}

async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`)
  return error
}

describe('keytar failures become typed errors', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'keychain-unavailable', unavailable],
    ['Could not connect: No such file or directory', 'keychain-unavailable', unavailable],
    ['Could not connect: Connection refused', 'keychain-unavailable', unavailable],
    ['Could not connect to 127.0.0.1: Connection refused', 'keychain-unavailable', unavailable],
    ['The given address is empty', 'keychain-unavailable', unavailable],
    ['Address element “garbage” does not contain a colon (:)', 'keychain-unavailable', unavailable],
    [
      'Error spawning command line “dbus-launch --autolaunch=0123 --binary-syntax --close-stderr”: Child process exited with code 1',
      'keychain-unavailable',
      unavailable,
    ],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'keychain-unavailable', unavailable],
    ['Cannot create an item in a locked collection', 'keychain-locked', locked],
  ] as const)('%s', async (raw, code, message) => {
    const store = createKeytarStore({ keytar: fakeKeytar({ setPassword: rejecting(raw) }), platform: 'linux' })
    const error = await caught(store.set('api-key:prod', 'service_prod_x'))
    expect(error.toShape()).toEqual({ code, message })
    expect(error.cause).toEqual(new Error(raw))
  })

  it('explains a missing default keyring', async () => {
    const raw = 'Object does not exist at path “/org/freedesktop/secrets/collection/login”'
    const store = createKeytarStore({ keytar: fakeKeytar({ setPassword: rejecting(raw) }), platform: 'linux' })
    const error = await caught(store.set('api-key:prod', 'service_prod_x'))
    expect(error.code).toBe('keychain-unavailable')
    expect(error.message).toMatch(/no default keyring.*create a keyring and make it the default/)
  })

  it('says which operation was refused when the cause is unknown', async () => {
    const store = createKeytarStore({ keytar: fakeKeytar({ deletePassword: rejecting('Something odd') }) })
    const error = await caught(store.delete('api-key:prod'))
    expect(error.code).toBe('keychain-error')
    expect(error.message).toMatch(/^The keychain refused to delete the secret\. .*try again\.$/)
  })

  it('uses wording for the platform', async () => {
    const raw = 'A default keychain could not be found.'
    const store = createKeytarStore({ keytar: fakeKeytar({ getPassword: rejecting(raw) }), platform: 'darwin' })
    const error = await caught(store.get('api-key:prod'))
    expect(error.code).toBe('keychain-unavailable')
    expect(error.message).toMatch(/Keychain Access/)
  })

  it('never lets the secret into the message or the cause', async () => {
    const secret = 'service_prod_TOPSECRET'
    const store = createKeytarStore({ keytar: fakeKeytar({ setPassword: rejecting(`could not store ${secret}`) }) })
    const error = await caught(store.set('api-key:prod', secret))
    expect(error.message).not.toContain(secret)
    expect(String(error.cause)).not.toContain(secret)
    expect(String(error.cause)).toContain('[secret]')
  })
})

describe('loading keytar', () => {
  it('turns a missing libsecret into keychain-unavailable and tries again next time', async () => {
    let attempts = 0
    const keytar = fakeKeytar()
    const store = createKeytarStore({
      platform: 'linux',
      keytar: () => {
        attempts += 1
        return attempts === 1
          ? Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory'))
          : Promise.resolve(keytar)
      },
    })
    const error = await caught(store.get('api-key:prod'))
    expect(error.code).toBe('keychain-unavailable')
    expect(error.message).toMatch(/libsecret.*is not installed/)
    await store.set('api-key:prod', 'service_prod_x')
    expect(await store.get('api-key:prod')).toBe('service_prod_x')
    expect(attempts).toBe(2)
  })

  it('asks for a reinstall when the native module itself is missing', async () => {
    const store = createKeytarStore({ keytar: rejecting("Cannot find module '../build/Release/keytar.node'") })
    const error = await caught(store.get('api-key:prod'))
    expect(error.toShape()).toEqual({
      code: 'keychain-unavailable',
      message: 'Payments Desk could not load its keychain module. Reinstall Payments Desk, then try again.',
    })
  })
})

describe('a miss on the Secret Service is confirmed', () => {
  const lockedCollection = rejecting('Cannot create an item in a locked collection')

  it('reports a lookup that found nothing in a locked collection as locked', async () => {
    const store = createKeytarStore({ keytar: fakeKeytar({ setPassword: lockedCollection }), platform: 'linux' })
    expect((await caught(store.get('api-key:prod'))).code).toBe('keychain-locked')
    expect((await caught(store.delete('api-key:prod'))).code).toBe('keychain-locked')
  })

  it('answers a real miss after a throwaway write, leaving nothing behind', async () => {
    const keytar = fakeKeytar()
    const store = createKeytarStore({ keytar, platform: 'linux' })
    expect(await store.get('api-key:prod')).toBeNull()
    expect(await store.delete('api-key:prod')).toBe(false)
    expect(keytar.calls).toEqual([
      'get api-key:prod',
      'set probe:writable',
      'delete probe:writable',
      'get api-key:prod',
      'delete api-key:prod',
      'set probe:writable',
      'delete probe:writable',
      'delete api-key:prod',
    ])
    expect(keytar.entries.size).toBe(0)
  })

  it('reads again once the unlock prompt raised by the check was accepted', async () => {
    const keytar = fakeKeytar()
    let unlocked = false
    keytar.entries.set('payments-desk/api-key:prod', 'service_prod_x')
    const store = createKeytarStore({
      platform: 'linux',
      keytar: {
        ...keytar,
        getPassword: (service, account) => (unlocked ? keytar.getPassword(service, account) : Promise.resolve(null)),
        setPassword: (service, account, password) => {
          unlocked = true
          return keytar.setPassword(service, account, password)
        },
      },
    })
    expect(await store.get('api-key:prod')).toBe('service_prod_x')
  })

  it('is not needed where keytar reports the lock itself', async () => {
    const keytar = fakeKeytar()
    const store = createKeytarStore({ keytar, platform: 'darwin' })
    expect(await store.get('api-key:prod')).toBeNull()
    expect(keytar.calls).toEqual(['get api-key:prod'])
  })
})

describe('the memory store', () => {
  it('behaves like the keychain', async () => {
    const store = createMemoryStore([['api-key:sandbox', 'service_sandbox_x']])
    expect(await store.get('api-key:sandbox')).toBe('service_sandbox_x')
    await store.set('api-key:sandbox', 'service_sandbox_y')
    expect(await store.get('api-key:sandbox')).toBe('service_sandbox_y')
    expect(await store.delete('api-key:sandbox')).toBe(true)
    expect(await store.delete('api-key:sandbox')).toBe(false)
    expect(await store.get('api-key:sandbox')).toBeNull()
    expect((await caught(store.set('api-key:sandbox', ''))).code).toBe('keychain-error')
  })
})
