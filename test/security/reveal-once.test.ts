import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppCore, type AppCore } from '../../src/main/app-core'
import type { SecretStore } from '../../src/main/secrets/keychain'
import { declaresError } from '../../src/shared/contract/channel-errors'
import type { InvokeResponse } from '../../src/shared/contract/channels'
import type { IpcResult } from '../../src/shared/contract/ipc-result'
import { appSender, startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { waitFor } from '../helpers/wait-for'

// Item 7 of the audit: a compromised renderer calls revealWebhookSecret many times at
// once, or after a restart, or after flipping `revealedAt` back in webhooks.json, to see
// the signing secret more than the one time the app promises.

let fixture: CoreFixture
let reopened: AppCore | null = null

beforeEach(async () => {
  fixture = await startCoreFixture()
})
afterEach(async () => {
  await reopened?.close()
  reopened = null
  await fixture.close()
})

/** The core again on the same data folder, with the same keychain or a view of it. */
async function restart(secrets: SecretStore = fixture.secrets): Promise<AppCore> {
  await reopened?.close()
  await fixture.core.close()
  reopened = await createAppCore({
    dataDir: fixture.dataDir,
    secrets,
    localService: { baseUrl: fixture.sandbox.baseUrl, apiKey: fixture.sandbox.apiKey },
    isTrustedSender: (sender) => sender.fromAppWindow,
  })
  return reopened
}

async function register(): Promise<string> {
  const endpoint = await fixture.ok('registerWebhook', { url: 'http://127.0.0.1:9/hooks', connect: false })
  return endpoint.id
}

const reveal = async (core: AppCore, endpointId: string) =>
  (await core.dispatcher.dispatch('revealWebhookSecret', appSender, { endpointId })) as IpcResult<InvokeResponse<'revealWebhookSecret'>>

async function unrevealInFile(endpointId: string): Promise<void> {
  const path = join(fixture.dataDir, 'webhooks.json')
  const file = JSON.parse(await readFile(path, 'utf8')) as { endpoints: { id: string; revealedAt: number | null }[] }
  for (const endpoint of file.endpoints) if (endpoint.id === endpointId) endpoint.revealedAt = null
  await writeFile(path, JSON.stringify(file))
}

describe('revealing a webhook secret', () => {
  it('gives the secret to exactly one of many concurrent calls; the others get secret-already-revealed', async () => {
    const endpointId = await register()
    const answers = await Promise.all(Array.from({ length: 8 }, () => reveal(fixture.core, endpointId)))
    const secrets = answers.flatMap((answer) => (answer.ok ? [answer.value.secret] : []))
    expect(secrets).toHaveLength(1)
    expect(secrets[0]).toMatch(/^whsec_/)
    for (const answer of answers.filter((a) => !a.ok))
      expect(answer).toMatchObject({ ok: false, error: { code: 'secret-already-revealed' } })
    expect(declaresError('revealWebhookSecret', 'secret-already-revealed')).toBe(true)
  })

  it('refuses after a restart', async () => {
    const endpointId = await register()
    expect(await reveal(fixture.core, endpointId)).toMatchObject({ ok: true })
    const answer = await reveal(await restart(), endpointId)
    expect(answer.ok).toBe(false)
    expect(answer).toMatchObject({ ok: false, error: { code: 'secret-already-revealed' } })
  })

  it('refuses after webhooks.json is edited to say it was never revealed', async () => {
    const endpointId = await register()
    expect(await reveal(fixture.core, endpointId)).toMatchObject({ ok: true })
    await fixture.core.close()
    await unrevealInFile(endpointId)
    const afterEdit = await restart()
    expect((await afterEdit.handlers.listWebhooks({})).find((e) => e.id === endpointId)?.revealedAt).toBeNull()
    const answer = await reveal(afterEdit, endpointId)
    expect(answer.ok).toBe(false)
    expect(answer).toMatchObject({ ok: false, error: { code: 'secret-already-revealed' } })
  })

  it('refuses after the app stopped between marking the reveal and answering', async () => {
    const endpointId = await register()
    // A keychain through which the app stops right after the reveal's first durable write:
    // the answer never comes, as when the process is killed at that moment.
    let stopAfterWrite = false
    let stopped = false
    const store = fixture.secrets
    const stoppingStore: SecretStore = {
      get: (name) => store.get(name),
      delete: (name) => store.delete(name),
      set: async (name, secret) => {
        await store.set(name, secret)
        if (!stopAfterWrite) return
        stopped = true
        await new Promise(() => undefined)
      },
    }
    const core = await restart(stoppingStore)
    stopAfterWrite = true
    let answered = false
    void reveal(core, endpointId).then(() => (answered = true))
    await waitFor(() => stopped, { what: 'the reveal to write its mark to the keychain' })
    reopened = null
    const again = await createAppCore({
      dataDir: fixture.dataDir,
      secrets: fixture.secrets,
      localService: { baseUrl: fixture.sandbox.baseUrl, apiKey: fixture.sandbox.apiKey },
      isTrustedSender: (sender) => sender.fromAppWindow,
    })
    try {
      expect(answered).toBe(false)
      await unrevealInFile(endpointId)
      expect(await reveal(again, endpointId)).toMatchObject({ ok: false, error: { code: 'secret-already-revealed' } })
    } finally {
      await again.close()
      await core.close()
    }
  })
})
