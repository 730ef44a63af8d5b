// Runs in a child process started by keychain.test.ts, in an environment the
// test arranges (no bus, a bus without a Secret Service, or a keyring of its own
// that this script locks), and prints what the store did as one line of JSON.
//
//   node --import tsx test/main/keychain-child.ts <reachable|locked> <secret>
import { execFileSync } from 'node:child_process'
import { isAppError } from '../../src/shared/app-error'
import { createKeytarStore, type SecretStore } from '../../src/main/secrets/keychain'

type Outcome = { ok: true; value: unknown } | { ok: false; code: string | null; message: string; cause: string | null }

const [mode, secret] = process.argv.slice(2)
if ((mode !== 'reachable' && mode !== 'locked') || secret === undefined) {
  throw new Error('usage: keychain-child.ts <reachable|locked> <secret>')
}

const store = createKeytarStore({ service: 'payments-desk-test-child' })
const account = 'api-key:child'

async function outcome(run: (store: SecretStore) => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await run(store) }
  } catch (error) {
    if (!(error instanceof Error)) throw error
    return {
      ok: false,
      code: isAppError(error) ? error.code : null,
      message: error.message,
      cause: error.cause instanceof Error ? error.cause.message : null,
    }
  }
}

function secretService(...args: string[]): string {
  return execFileSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.secrets', ...args], {
    encoding: 'utf8',
  })
}

let locked: boolean | null = null
if (mode === 'locked') {
  await store.set(account, secret)
  // Locking needs no prompt, unlike unlocking.
  secretService('/org/freedesktop/secrets', 'org.freedesktop.Secret.Service.Lock', 'array:objpath:/org/freedesktop/secrets/aliases/default')
  locked = secretService(
    '/org/freedesktop/secrets/aliases/default',
    'org.freedesktop.DBus.Properties.Get',
    'string:org.freedesktop.Secret.Collection',
    'string:Locked',
  ).includes('boolean true')
}

const result = {
  locked,
  get: await outcome((s) => s.get(account)),
  set: await outcome((s) => s.set(account, `${secret}-rotated`)),
  delete: await outcome((s) => s.delete(account)),
}
process.stdout.write(`${JSON.stringify(result)}\n`)
