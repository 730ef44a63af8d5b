import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AuditLog } from '../../../src/main/audit/audit-log'
import { auditKeyAccount, createMemoryStore, type SecretStore } from '../../../src/main/secrets/keychain'
import { createAuditService } from '../../../src/main/services/audit-service'
import { AppError } from '../../../src/shared/app-error'
import type { AuditEvent } from '../../../src/shared/contract/audit-schema'

// What the log does when the keychain that holds its key is locked, refuses a write,
// has lost the key, or never had one (a log written before the chain was keyed).

let dir: string
let store: SecretStore
let locked: { get: boolean; set: boolean }
let secrets: SecretStore

const lockedError = () =>
  new AppError('keychain-locked', 'The keychain is locked. Unlock it (log in again, or open your keyring manager) and try again.')

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-audit-keychain-'))
  store = createMemoryStore()
  locked = { get: false, set: false }
  secrets = {
    get: (name) => (locked.get ? Promise.reject(lockedError()) : store.get(name)),
    set: (name, secret) => (locked.set ? Promise.reject(lockedError()) : store.set(name, secret)),
    delete: (name) => store.delete(name),
  }
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const event = (n: number): AuditEvent => ({ environment: 'local', action: 'environment-switched', detail: `Change number ${n}.` })
const logFile = () => join(dir, 'audit.jsonl')
const messages = async (log: AuditLog) => (await log.read()).verification.problems.map((p) => p.message)
const setAsideNames = async () => (await readdir(dir)).filter((name) => name.startsWith('audit.unverified-')).sort()

/** A log as versions before the keyed chain wrote it: plain SHA-256 links and audit.head. */
async function writePlainLog(count: number): Promise<string> {
  let prevHash = '0'.repeat(64)
  const lines: string[] = []
  for (let seq = 1; seq <= count; seq++) {
    const fields = {
      seq,
      at: '2026-01-01T00:00:00.000Z',
      user: 'ada',
      environment: 'local',
      action: 'key-set',
      detail: `Old entry ${seq}.`,
      prevHash,
    }
    const hash = createHash('sha256').update(JSON.stringify(fields), 'utf8').digest('hex')
    lines.push(JSON.stringify({ ...fields, hash }))
    prevHash = hash
  }
  const text = lines.map((line) => `${line}\n`).join('')
  await writeFile(logFile(), text)
  await writeFile(join(dir, 'audit.head'), JSON.stringify({ seq: count, hash: prevHash }))
  return text
}

describe('the audit log and its key in the keychain', () => {
  it('reports a log written before the keyed chain, then sets it aside unchanged and starts a keyed one', async () => {
    const text = await writePlainLog(3)
    const log = new AuditLog(dir, { user: 'ada', secrets })
    const before = await log.read()
    expect(before.verification.ok).toBe(false)
    expect(before.verification.problems.map((p) => p.message)).toEqual([
      'This log was written before the keyed chain: anyone who could write the data folder could have rewritten its 3 entries, so they cannot be shown to be unchanged. Payments Desk sets this log aside, kept as it is, when it writes the next entry.',
    ])
    expect(before.entries).toHaveLength(3)

    await log.append(event(1), new Date(Date.UTC(2026, 2, 1)))
    expect(await setAsideNames()).toEqual([
      'audit.unverified-2026-03-01T00-00-00-000Z.head',
      'audit.unverified-2026-03-01T00-00-00-000Z.jsonl',
    ])
    expect(await readFile(join(dir, 'audit.unverified-2026-03-01T00-00-00-000Z.jsonl'), 'utf8')).toBe(text)
    const after = await log.read()
    expect(after.verification).toEqual({ ok: true, problems: [] })
    expect(after.entries.map((e) => [e.seq, e.action, e.detail])).toEqual([
      [
        1,
        'audit-problem',
        'The previous audit log was written before the keyed chain. It was set aside unchanged as audit.unverified-2026-03-01T00-00-00-000Z.jsonl; this log starts a new keyed chain.',
      ],
      [2, 'environment-switched', 'Change number 1.'],
    ])
  })

  it('keeps one key per data folder, so two profiles on one keychain do not report each other as cut', async () => {
    const other = join(dir, 'other-profile')
    const first = new AuditLog(dir, { user: 'ada', secrets })
    const second = new AuditLog(other, { user: 'ada', secrets })
    await first.append(event(1), new Date())
    await second.append(event(1), new Date())
    await first.append(event(2), new Date())
    expect(await messages(first)).toEqual([])
    expect(await messages(second)).toEqual([])
    expect(auditKeyAccount(dir)).not.toBe(auditKeyAccount(other))
  })

  it('reports a keyed log whose key was deleted from the keychain as not verifiable, not as intact', async () => {
    const log = new AuditLog(dir, { user: 'ada', secrets })
    for (let n = 1; n <= 3; n++) await log.append(event(n), new Date())
    await store.delete(auditKeyAccount(dir))
    expect(await messages(log)).toEqual([
      "The audit log's key is not in the keychain (it was deleted, or this is another keychain): its 3 entries cannot be verified. Payments Desk sets this log aside, kept as it is, when it writes the next entry.",
    ])
    await store.set(auditKeyAccount(dir), '{"v":1}')
    expect(await messages(log)).toEqual([
      "The audit log's key in the keychain is damaged: its 3 entries cannot be verified. Payments Desk sets this log aside, kept as it is, when it writes the next entry.",
    ])
    await log.append(event(4), new Date())
    expect(await setAsideNames()).toHaveLength(1)
    expect((await log.read()).entries[0]?.detail).toMatch(
      /^The previous audit log could not be verified: its key in the keychain was damaged\./,
    )
  })

  it('with the keychain locked: reports the log as unchecked, and writes no entry it could not seal', async () => {
    const log = new AuditLog(dir, { user: 'ada', secrets })
    await log.append(event(1), new Date())
    const before = await readFile(logFile(), 'utf8')
    locked.get = true
    const read = await log.read()
    expect(read.verification.ok).toBe(false)
    expect(read.verification.problems.map((p) => p.message)).toEqual([
      'The audit log could not be checked: its key is in the keychain, which did not answer. The keychain is locked. Unlock it (log in again, or open your keyring manager) and try again.',
    ])
    await expect(log.append(event(2), new Date())).rejects.toMatchObject({ code: 'keychain-locked' })
    expect(await readFile(logFile(), 'utf8')).toBe(before)
  })

  it('never creates a key it could not store, and so never writes the first entry without one', async () => {
    locked.set = true
    const log = new AuditLog(dir, { user: 'ada', secrets })
    await expect(log.append(event(1), new Date())).rejects.toMatchObject({ code: 'keychain-locked' })
    expect(await readdir(dir)).toEqual([])
  })

  it('warns when the keychain refuses to record the new end, and catches up with the next entry', async () => {
    const log = new AuditLog(dir, { user: 'ada', secrets })
    await log.append(event(1), new Date())
    locked.set = true
    const { entry, warning } = await log.append(event(2), new Date())
    expect(warning).toBe(
      'Entry 2 was written, but its record in the keychain could not be updated (The keychain is locked. Unlock it (log in again, or open your keyring manager) and try again.): until the next entry is written, removing it from the log would go unnoticed.',
    )
    expect(entry.seq).toBe(2)
    // Its MAC is valid: the entry is the app's own, and the log checks out.
    expect(await messages(log)).toEqual([])
    locked.set = false
    expect((await log.append(event(3), new Date())).warning).toBeNull()
    await writeFile(logFile(), (await readFile(logFile(), 'utf8')).split('\n').slice(0, 2).join('\n') + '\n')
    expect(await messages(log)).toEqual(['The log ends at entry 2, but entry 3 was recorded: entries were removed from the end.'])
  })

  it('through the service: the action goes ahead, the user is told, and the entry is written once the keychain is unlocked', async () => {
    const problems: string[] = []
    const audit = createAuditService({
      log: new AuditLog(dir, { user: 'ada', secrets }),
      dialogs: { chooseIdFile: () => Promise.resolve(null), chooseExportPath: () => Promise.resolve(null) },
      onWriteProblem: (message) => problems.push(message),
    })
    locked.get = true
    await audit.record({ environment: 'production', action: 'key-deleted', detail: 'Deleted the private key of Production.' })
    expect(problems).toEqual([
      '"Key deleted" was carried out, but the audit log has no entry for it yet. The audit log could not be written because its key is in the keychain, which did not answer. The keychain is locked. Unlock it (log in again, or open your keyring manager) and try again. The app will write the entry as soon as the log can be written again, while it keeps running.',
    ])
    expect(await audit.check()).toBe('The audit log failed its check (1 problem): see Audit log at the end of Settings.')
    const waiting = await audit.list()
    expect(waiting.unwritten.map((e) => e.action)).toEqual(['key-deleted'])
    expect(waiting.verification.ok).toBe(false)

    locked.get = false
    const list = await audit.list()
    expect(list.unwritten).toEqual([])
    expect(list.entries.map((e) => [e.seq, e.action])).toEqual([[1, 'key-deleted']])
    expect(list.verification).toEqual({ ok: true, problems: [] })
  })
})
