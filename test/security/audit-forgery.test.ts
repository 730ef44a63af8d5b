import { createHash } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../src/main/app-core'
import { auditEntrySchema, type AuditEntry } from '../../src/shared/contract/audit-schema'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { restartCore } from '../helpers/core-restart'

// Items 5 and 14 of the audit: someone who can write the data folder (but cannot read
// the keychain) rewrites the audit log so that it hides what happened, and the user
// looks at it the way the app shows it: the auditList handler and the notice at start.

let fixture: CoreFixture
let reopened: AppCore | null = null

beforeEach(async () => {
  fixture = await startCoreFixture()
  // Five entries, written by the app through the handlers as the renderer calls them.
  for (const environment of ['production', 'local', 'operator', 'local', 'production']) {
    await fixture.ok('updateSettings', { activeEnvironment: environment })
  }
})
afterEach(async () => {
  await reopened?.close()
  reopened = null
  await fixture.close()
})

const logPath = () => join(fixture.dataDir, 'audit.jsonl')
const headPath = () => join(fixture.dataDir, 'audit.head')

async function readEntries(): Promise<AuditEntry[]> {
  const text = await readFile(logPath(), 'utf8')
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => auditEntrySchema.parse(JSON.parse(line)))
}

/** An entry as an attacker seals it: the plain SHA-256 the chain used to be. */
function plainSealed(entry: Omit<AuditEntry, 'hash'>): string {
  const { seq, at, user, environment, action, detail, prevHash } = entry
  const hash = createHash('sha256').update(JSON.stringify({ seq, at, user, environment, action, detail, prevHash }), 'utf8').digest('hex')
  return JSON.stringify({ seq, at, user, environment, action, detail, prevHash, hash })
}

/** The whole plain chain recomputed, and the head file that goes with it. */
async function writeForgedChain(entries: Omit<AuditEntry, 'hash' | 'prevHash'>[]): Promise<void> {
  let prevHash = '0'.repeat(64)
  const lines: string[] = []
  for (const entry of entries) {
    const line = plainSealed({ ...entry, prevHash })
    lines.push(line)
    prevHash = auditEntrySchema.parse(JSON.parse(line)).hash
  }
  await writeFile(logPath(), lines.map((line) => `${line}\n`).join(''))
  await writeFile(headPath(), `${JSON.stringify({ seq: entries.length, hash: prevHash })}\n`)
}

async function problemsShown(): Promise<string[]> {
  const list = await fixture.ok('auditList', {})
  expect(list.verification.ok).toBe(false)
  return list.verification.problems.map((problem) => problem.message)
}

describe('forging the audit log by editing the data folder', () => {
  it('finds an entry rewritten with the plain chain and head recomputed', async () => {
    const entries = await readEntries()
    expect(entries).toHaveLength(5)
    await writeForgedChain(entries.map((entry) => (entry.seq === 2 ? { ...entry, detail: 'Nothing happened here.' } : entry)))
    expect(await problemsShown()).toContain(
      'Entry 2 fails its keyed check: it was changed after it was written, or was not written by Payments Desk.',
    )
  })

  it('finds an inserted entry', async () => {
    const entries = await readEntries()
    const inserted = { ...entries[1], detail: 'Switched from Production to Local sandbox' } as AuditEntry
    const forged = [...entries.slice(0, 2), inserted, ...entries.slice(2)].map((entry, index) => ({ ...entry, seq: index + 1 }))
    await writeForgedChain(forged)
    expect(await problemsShown()).toContain(
      'Entry 3 fails its keyed check: it was changed after it was written, or was not written by Payments Desk.',
    )
  })

  it('finds an entry added after the last one', async () => {
    const entries = await readEntries()
    const last = entries[4] as AuditEntry
    const added = plainSealed({ ...last, seq: 6, detail: 'Switched from Production to Local sandbox', prevHash: last.hash })
    await writeFile(logPath(), `${await readFile(logPath(), 'utf8')}${added}\n`)
    expect(await problemsShown()).toEqual([
      'Entry 6 fails its keyed check: it was changed after it was written, or was not written by Payments Desk.',
    ])
  })

  it('finds the tail cut off with the head moved back', async () => {
    const entries = await readEntries()
    // The untouched first three lines, and a head that agrees with them.
    await writeFile(
      logPath(),
      (await readFile(logPath(), 'utf8'))
        .split('\n')
        .slice(0, 3)
        .map((line) => `${line}\n`)
        .join(''),
    )
    await writeFile(headPath(), `${JSON.stringify({ seq: 3, hash: entries[2]?.hash })}\n`)
    expect(await problemsShown()).toEqual(['The log ends at entry 3, but entry 5 was recorded: entries were removed from the end.'])
  })

  it('finds the log and its head deleted, in the list and in the notice at the next start', async () => {
    await rm(logPath())
    await rm(headPath(), { force: true })
    expect(await problemsShown()).toEqual(['The log has no entries, but 5 were recorded: its entries were removed.'])

    reopened = await restartCore(fixture, () => Promise.resolve())
    expect((await reopened.handlers.getSettings({})).notice).toBe(
      'The audit log failed its check (1 problem): see Audit log at the end of Settings.',
    )
  })
})
