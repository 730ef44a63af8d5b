import { mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../src/main/app-core'
import { appSender, startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { closeRestarted, restartCore } from '../helpers/core-restart'

// Someone who can write the data folder (but nothing else of the user's) replaces
// audit.jsonl with a link to a file of the user's outside it. The app appends its entries
// wherever the log leads, so a link would let them add lines to any file the user owns.

let fixture: CoreFixture
let reopened: AppCore | null = null
let outside: string
const precious = 'a file of the user, outside the data folder\n'

beforeEach(async () => {
  fixture = await startCoreFixture()
  outside = await mkdtemp(join(tmpdir(), 'payments-desk-outside-'))
  await writeFile(join(outside, 'notes.txt'), precious)
  // A log with entries, and its record in the keychain.
  await fixture.ok('updateSettings', { activeEnvironment: 'operator' })
  await fixture.ok('updateSettings', { activeEnvironment: 'local' })
})
afterEach(async () => {
  if (reopened) await closeRestarted(fixture, reopened)
  else await fixture.close()
  reopened = null
  await rm(outside, { recursive: true, force: true })
})

async function linkLogOutside(): Promise<void> {
  const log = join(fixture.dataDir, 'audit.jsonl')
  await unlink(log)
  await symlink(join(outside, 'notes.txt'), log)
}

describe('audit.jsonl replaced with a link to a file outside the data folder', () => {
  it('while the app is closed: the next entry is not appended to the linked file, and the link is reported', async () => {
    const core = await restartCore(fixture, linkLogOutside)
    reopened = core
    await core.dispatcher.dispatch('updateSettings', appSender, { activeEnvironment: 'operator' })
    expect(await readFile(join(outside, 'notes.txt'), 'utf8')).toBe(precious)
    const audit = await core.handlers.auditList({})
    expect(audit.verification.ok).toBe(false)
    expect(JSON.stringify(audit.verification.problems)).toContain('link')
  })

  it('while the app runs: the next entry is not appended to the linked file', async () => {
    await linkLogOutside()
    await fixture.call('updateSettings', { activeEnvironment: 'production' })
    expect(await readFile(join(outside, 'notes.txt'), 'utf8')).toBe(precious)
  })
})
