// Against a real Secret Service: run through scripts/with-keyring.sh, which starts
// a private D-Bus session with its own unlocked gnome-keyring.
import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type * as Keytar from 'keytar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { apiKeyAccount, createKeytarStore, webhookSecretAccount } from '../../src/main/secrets/keychain'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const keytar = createRequire(import.meta.url)('keytar') as typeof Keytar

const unavailableMessage =
  'No keychain service is running (Secret Service over D-Bus). Install and start GNOME Keyring or KWallet, then try again.'
const lockedMessage = 'The keychain is locked. Unlock it (log in again, or open your keyring manager) and try again.'

function requirePrivateKeyring(): void {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS || process.env.WITH_KEYRING !== '1') {
    throw new Error(
      'The keychain tests need a real Secret Service in a private D-Bus session, and this process has none. ' +
        'Run them through scripts/with-keyring.sh, e.g. `scripts/with-keyring.sh npx vitest run test/main/keychain.test.ts` ' +
        '(needs the Debian packages dbus and gnome-keyring).',
    )
  }
}

// The Secret Service harness exists on Linux only; there it must run, never skip.
describe.runIf(process.platform === 'linux')('keychain on a real Secret Service', () => {
  const service = `payments-desk-test-${randomUUID()}`
  const store = createKeytarStore({ service })
  const used = new Set<string>()

  function freshAccount(kind: (id: string) => string = apiKeyAccount): string {
    const account = kind(randomUUID())
    used.add(account)
    return account
  }

  beforeAll(requirePrivateKeyring)

  afterAll(async () => {
    if (process.env.WITH_KEYRING !== '1') return
    for (const account of used) await keytar.deletePassword(service, account)
  })

  it('stores, reads back and deletes a secret', async () => {
    const account = freshAccount()
    await store.set(account, 'service_prod_abc123')
    expect(await store.get(account)).toBe('service_prod_abc123')
    expect(await store.delete(account)).toBe(true)
    expect(await store.get(account)).toBeNull()
  })

  it('replaces the secret on rotation and keeps a single entry', async () => {
    const account = freshAccount(webhookSecretAccount)
    await store.set(account, 'whsec_first')
    await store.set(account, 'whsec_second')
    expect(await store.get(account)).toBe('whsec_second')
    const entries = (await keytar.findCredentials(service)).filter((entry) => entry.account === account)
    expect(entries).toEqual([{ account, password: 'whsec_second' }])
  })

  it('answers null and false for an entry that is not there', async () => {
    const account = freshAccount()
    expect(await store.get(account)).toBeNull()
    expect(await store.delete(account)).toBe(false)
  })

  it('answers misses read at the same time, as the Settings screen does', async () => {
    // Each miss is confirmed by writing a probe item; together they used to race.
    for (let round = 0; round < 5; round++) {
      const accounts = [freshAccount(), freshAccount(), freshAccount()]
      expect(await Promise.all(accounts.map((account) => store.get(account)))).toEqual([null, null, null])
      expect(await Promise.all(accounts.map((account) => store.delete(account)))).toEqual([false, false, false])
    }
  })

  it('keeps unicode, whitespace and long secrets intact', async () => {
    const secrets = [
      'clé-🔑-日本語-Ωμέγα-\u{1F600}',
      '  leading and trailing spaces  ',
      'line one\nline two\ttabbed',
      `whsec_${randomBytes(24).toString('base64')}`,
      randomBytes(6_000).toString('base64'),
    ]
    for (const secret of secrets) {
      const account = freshAccount()
      await store.set(account, secret)
      expect(await store.get(account)).toBe(secret)
    }
  })

  it('keeps accounts and services apart', async () => {
    const id = randomUUID()
    const apiKey = apiKeyAccount(id)
    const webhookSecret = webhookSecretAccount(id)
    used.add(apiKey).add(webhookSecret)
    const otherService = createKeytarStore({ service: `${service}-other` })

    await store.set(apiKey, 'service_prod_key')
    await store.set(webhookSecret, 'whsec_secret')
    await otherService.set(apiKey, 'service_prod_elsewhere')

    expect(await store.get(apiKey)).toBe('service_prod_key')
    expect(await store.get(webhookSecret)).toBe('whsec_secret')
    expect(await otherService.get(apiKey)).toBe('service_prod_elsewhere')

    expect(await store.delete(apiKey)).toBe(true)
    expect(await store.get(webhookSecret)).toBe('whsec_secret')
    expect(await otherService.get(apiKey)).toBe('service_prod_elsewhere')
    expect(await otherService.delete(apiKey)).toBe(true)
  })

  it('files entries under the service "payments-desk" by default', async () => {
    const account = apiKeyAccount(randomUUID())
    await createKeytarStore().set(account, 'service_prod_default')
    try {
      expect(await keytar.getPassword('payments-desk', account)).toBe('service_prod_default')
    } finally {
      await keytar.deletePassword('payments-desk', account)
    }
  })

  it('refuses an empty secret or one with a NUL, and stores nothing', async () => {
    const account = freshAccount()
    await expect(store.set(account, '')).rejects.toMatchObject({ code: 'keychain-error' })
    await expect(store.set(account, 'service_prod_\0cut')).rejects.toMatchObject({ code: 'keychain-error' })
    expect(await store.get(account)).toBeNull()
  })
})

describe.runIf(process.platform === 'linux')('keychain missing or locked', () => {
  const secret = `service_prod_${randomBytes(12).toString('hex')}`
  let scratch = ''

  beforeAll(async () => {
    requirePrivateKeyring()
    scratch = await mkdtemp(join(tmpdir(), 'keychain-test-'))
  })

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  it('reports no D-Bus session as keychain-unavailable', async () => {
    const report = await runChild(['reachable'], {
      DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(scratch, 'no-bus-here')}`,
    })
    expectAllFailed(report, 'keychain-unavailable', unavailableMessage, /^Could not connect: No such file or directory$/)
  })

  it('reports an unset D-Bus address and no display as keychain-unavailable', async () => {
    // GLib falls back to $XDG_RUNTIME_DIR/bus, then to X11 autolaunch: block both.
    const report = await runChild(['reachable'], {
      DBUS_SESSION_BUS_ADDRESS: undefined,
      DISPLAY: undefined,
      XDG_RUNTIME_DIR: scratch,
    })
    expectAllFailed(report, 'keychain-unavailable', unavailableMessage, /^Cannot autolaunch D-Bus without X11 \$DISPLAY$/)
  })

  it('reports a D-Bus session without a Secret Service as keychain-unavailable', async () => {
    const config = join(scratch, 'bus.conf')
    await writeFile(config, busWithoutActivation(scratch))
    const report = await runChild(['reachable'], {}, ['dbus-run-session', `--config-file=${config}`, '--'])
    expectAllFailed(
      report,
      'keychain-unavailable',
      unavailableMessage,
      /The name org\.freedesktop\.secrets was not provided by any \.service files/,
    )
  })

  it('reports a locked collection as keychain-locked, for reads and deletes too', async () => {
    // A keyring of its own: locking the shared one would break tests running beside this one.
    const report = await runChild(['locked'], {}, [join(repoRoot, 'scripts/with-keyring.sh')])
    expect(report.locked).toBe(true)
    expectAllFailed(report, 'keychain-locked', lockedMessage, /^Cannot create an item in a locked collection$/)
  })

  function expectAllFailed(report: ChildReport, code: string, message: string, cause: RegExp): void {
    for (const outcome of [report.get, report.set, report.delete]) {
      expect(outcome).toMatchObject({ ok: false, code, message })
      if (outcome.ok) continue
      expect(outcome.cause).toMatch(cause)
      expect(outcome.message).not.toContain(secret)
      expect(outcome.cause).not.toContain(secret)
    }
  }

  async function runChild(args: string[], env: Record<string, string | undefined>, wrapper: string[] = []): Promise<ChildReport> {
    const command = [...wrapper, process.execPath, '--import', 'tsx', 'test/main/keychain-child.ts', ...args, secret]
    const [file, ...rest] = command
    if (file === undefined) throw new Error('no command')
    const { stdout } = await execFileText(file, rest, { cwd: repoRoot, env: { ...process.env, ...env } })
    return childReport.parse(JSON.parse(stdout))
  }
})

describe('account names', () => {
  it('name the entry by kind and id', () => {
    expect(apiKeyAccount('production')).toBe('api-key:production')
    expect(webhookSecretAccount('ep_123')).toBe('webhook-secret:ep_123')
  })

  it('refuse an empty id', () => {
    expect(() => apiKeyAccount('')).toThrow(TypeError)
    expect(() => webhookSecretAccount('')).toThrow(TypeError)
  })
})

const outcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), code: z.string().nullable(), message: z.string(), cause: z.string().nullable() }),
])
const childReport = z.object({
  locked: z.boolean().nullable(),
  get: outcomeSchema,
  set: outcomeSchema,
  delete: outcomeSchema,
})
type ChildReport = z.infer<typeof childReport>

function execFileText(
  file: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { ...options, encoding: 'utf8', timeout: 15_000 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`${file} ${args.join(' ')} failed: ${error.message}\n${stderr}`, { cause: error }))
      } else {
        resolve({ stdout, stderr })
      }
    })
  })
}

// No service directories: the bus can start nothing, so no Secret Service appears on it.
function busWithoutActivation(dir: string): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`
}
