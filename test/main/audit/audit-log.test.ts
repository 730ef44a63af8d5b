import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readAnchor } from '../../../src/main/audit/audit-anchor'
import { entryMac, genesisHash, plainEntryHash, sealEntry, serializeEntry } from '../../../src/main/audit/audit-chain'
import { AuditLog } from '../../../src/main/audit/audit-log'
import { auditKeyAccount, createMemoryStore, type SecretStore } from '../../../src/main/secrets/keychain'
import { auditEntrySchema, type AuditEntry, type AuditEvent } from '../../../src/shared/contract/audit-schema'

let dir: string
let secrets: SecretStore

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-audit-'))
  secrets = createMemoryStore()
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const event = (n: number): AuditEvent => ({ environment: 'production', action: 'environment-switched', detail: `Change number ${n}.` })

async function logWith(count: number): Promise<AuditLog> {
  const log = new AuditLog(dir, { user: 'ada', secrets })
  for (let n = 1; n <= count; n++) await log.append(event(n), new Date(Date.UTC(2026, 2, 1, 12, 0, n)))
  return log
}

const fileLines = async () => (await readFile(join(dir, 'audit.jsonl'), 'utf8')).split('\n').slice(0, -1)
const writeLines = (lines: string[]) => writeFile(join(dir, 'audit.jsonl'), lines.map((line) => `${line}\n`).join(''))
const messages = async (log: AuditLog) => (await log.read()).verification.problems.map((p) => p.message)
const auditKey = async () => {
  const anchor = await readAnchor(secrets, auditKeyAccount(dir))
  if (anchor.kind !== 'keyed') throw new Error(`no audit key: ${anchor.kind}`)
  return anchor.key
}
const keyedCheckFailed = (seq: number) =>
  `Entry ${seq} fails its keyed check: it was changed after it was written, or was not written by Payments Desk.`

describe('the audit log', () => {
  it('appends HMAC-chained entries, one JSON line each, and verifies them', async () => {
    const log = await logWith(3)
    const lines = await fileLines()
    expect(lines).toHaveLength(3)
    const entries = lines.map((line) => auditEntrySchema.parse(JSON.parse(line)))
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3])
    expect(entries[0]).toMatchObject({
      at: '2026-03-01T12:00:01.000Z',
      user: 'ada',
      environment: 'production',
      action: 'environment-switched',
      detail: 'Change number 1.',
      prevHash: genesisHash,
    })
    const key = await auditKey()
    expect(key).toHaveLength(32)
    for (const [i, entry] of entries.entries()) {
      expect(entry.hash).toBe(entryMac(key, entry))
      expect(entry.hash).not.toBe(plainEntryHash(entry))
      if (i > 0) expect(entry.prevHash).toBe(entries[i - 1]?.hash)
    }
    // The end of the log is kept in the keychain, beside the key; nothing in the data folder but the log.
    expect(await readAnchor(secrets, auditKeyAccount(dir))).toMatchObject({ kind: 'keyed', end: { seq: 3, hash: entries[2]?.hash } })
    expect(await readdir(dir)).toEqual(['audit.jsonl'])
    expect(await log.read()).toEqual({ entries, verification: { ok: true, problems: [] } })
  })

  it('names the OS user, and carries on from the file after a restart', async () => {
    await logWith(2)
    const again = new AuditLog(dir, { secrets })
    const { entry } = await again.append(event(3), new Date())
    expect(entry.seq).toBe(3)
    expect(entry.user).not.toBe('')
    expect((await again.read()).verification.ok).toBe(true)
  })

  it('keeps appends in order when they come at once', async () => {
    const log = new AuditLog(dir, { user: 'ada', secrets })
    await Promise.all(Array.from({ length: 20 }, (_, i) => log.append(event(i + 1), new Date())))
    const { entries, verification } = await log.read()
    expect(verification.ok).toBe(true)
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
  })

  it('finds an edited line and names the entry', async () => {
    const log = await logWith(5)
    const lines = await fileLines()
    lines[2] = lines[2]?.replace('Change number 3.', 'Nothing happened.') ?? ''
    await writeLines(lines)
    expect(await messages(log)).toEqual([keyedCheckFailed(3)])
  })

  it('finds an entry rewritten with a fresh plain hash', async () => {
    const log = await logWith(4)
    const lines = await fileLines()
    const changed = { ...auditEntrySchema.parse(JSON.parse(lines[1] ?? '')), detail: 'A harmless change.' }
    lines[1] = serializeEntry({ ...changed, hash: plainEntryHash(changed) })
    await writeLines(lines)
    expect(await messages(log)).toEqual([keyedCheckFailed(2), 'Entry 3 does not link to entry 2: entry 2 was replaced or rewritten.'])
  })

  it('finds an entry resealed with the key itself by the broken link after it', async () => {
    const log = await logWith(4)
    const lines = await fileLines()
    lines[1] = serializeEntry(
      sealEntry(await auditKey(), { ...auditEntrySchema.parse(JSON.parse(lines[1] ?? '')), detail: 'A harmless change.' }),
    )
    await writeLines(lines)
    expect(await messages(log)).toEqual(['Entry 3 does not link to entry 2: entry 2 was replaced or rewritten.'])
  })

  it('finds a line removed from the middle', async () => {
    const log = await logWith(10)
    const lines = await fileLines()
    lines.splice(6, 1)
    await writeLines(lines)
    const { verification } = await log.read()
    expect(verification).toEqual({
      ok: false,
      problems: [{ seq: 7, line: null, message: 'Entry 7 is missing: it was removed from the log.' }],
    })
  })

  it('finds reordered and copied lines', async () => {
    const log = await logWith(5)
    const lines = await fileLines()
    await writeLines([lines[0], lines[1], lines[3], lines[2], lines[4], lines[4]].map(String))
    expect(await messages(log)).toEqual([
      'Entry 3 comes after entry 4: the entries were reordered.',
      'Entry 5 appears more than once (again on line 6): it was copied.',
    ])
  })

  it('finds a half line at the end, and keeps reporting it after the next append', async () => {
    const log = await logWith(4)
    const path = join(dir, 'audit.jsonl')
    const size = (await readFile(path)).length
    await truncate(path, size - 40)
    expect(await messages(log)).toEqual([
      'Line 4 holds a cut-off entry: the file was truncated there, or the app stopped while writing it.',
      'The log ends at entry 3, but entry 4 was recorded: entries were removed from the end.',
    ])
    const { entry } = await log.append(event(5), new Date())
    // The chain goes on from the recorded end, so the cut stays visible.
    expect(entry.seq).toBe(5)
    const after = await log.read()
    expect(after.verification.problems.map((p) => p.message)).toEqual([
      'Line 4 holds a cut-off entry: the file was truncated there, or the app stopped while writing it.',
      'Entry 4 is missing: it was removed from the log.',
    ])
    expect(after.entries.map((e) => e.seq)).toEqual([1, 2, 3, 5])
  })

  it('finds whole lines cut off the end through the end kept in the keychain', async () => {
    const log = await logWith(52)
    const lines = await fileLines()
    await writeLines(lines.slice(0, 40))
    expect(await messages(log)).toEqual(['The log ends at entry 40, but entry 52 was recorded: entries were removed from the end.'])
    expect((await log.append(event(53), new Date())).entry.seq).toBe(53)
    expect(await messages(log)).toEqual(['Entries 41 to 52 are missing: they were removed from the log.'])
  })

  it('finds an emptied or deleted log', async () => {
    const log = await logWith(3)
    await writeFile(join(dir, 'audit.jsonl'), '')
    expect(await messages(log)).toEqual(['The log has no entries, but 3 were recorded: its entries were removed.'])
    await rm(join(dir, 'audit.jsonl'))
    expect(await messages(log)).toEqual(['The log has no entries, but 3 were recorded: its entries were removed.'])
  })

  it('finds a replaced last entry even when it is resealed with the key', async () => {
    const log = await logWith(3)
    const lines = await fileLines()
    lines[2] = serializeEntry(
      sealEntry(await auditKey(), { ...auditEntrySchema.parse(JSON.parse(lines[2] ?? '')), detail: 'Something else.' }),
    )
    await writeLines(lines)
    expect(await messages(log)).toEqual(['Entry 3 is not the one that was recorded last: the end of the log was replaced.'])
    await log.append(event(4), new Date())
    expect(await messages(log)).toEqual(['Entry 4 does not link to entry 3: entry 3 was replaced or rewritten.'])
  })

  it('reports a foreign file line by line without crashing, and still appends after it', async () => {
    await logWith(1)
    await writeFile(join(dir, 'audit.jsonl'), '\u0089PNG\r\n\u001a\nsome bytes\n{"seq":"one"}\n[1,2]\nnull')
    const log = new AuditLog(dir, { user: 'ada', secrets })
    const foreign = (line: number) =>
      `Line ${line} is not an audit entry: it was damaged, or written by something other than Payments Desk.`
    const removed = 'The log has no entries, but 1 were recorded: its entries were removed.'
    expect(await messages(log)).toEqual([foreign(1), foreign(2), foreign(3), foreign(4), foreign(5), foreign(6), removed])
    const { entry } = await log.append(event(2), new Date())
    expect(entry.seq).toBe(2)
    const { entries, verification } = await log.read()
    expect(entries).toEqual([entry])
    expect(verification.problems.map((p) => p.message)).toEqual([
      foreign(1),
      foreign(2),
      foreign(3),
      foreign(4),
      foreign(5),
      foreign(6),
      'Entry 1 is missing: it was removed from the log.',
    ])
    expect((await fileLines()).at(-1)).toBe(serializeEntry(entry))
  })

  it('says an entry with a broken shape was changed, and does not also call it missing', async () => {
    const log = await logWith(3)
    const lines = await fileLines()
    lines[1] = JSON.stringify({ ...(JSON.parse(lines[1] ?? '') as AuditEntry), environment: 'moon' })
    await writeLines(lines)
    expect(await messages(log)).toEqual(['Entry 2 was changed after it was written: it no longer has the shape of an audit entry.'])
  })

  it('survives a forged huge entry number without counting up to it', async () => {
    const log = await logWith(1)
    const [first] = await fileLines()
    const firstEntry = auditEntrySchema.parse(JSON.parse(first ?? ''))
    const forged = sealEntry(Buffer.alloc(32), {
      ...event(2),
      seq: 9_000_000_000_000,
      at: new Date().toISOString(),
      user: 'eve',
      prevHash: firstEntry.hash,
    })
    await writeLines([first ?? '', serializeEntry(forged)])
    expect(await messages(log)).toEqual([
      keyedCheckFailed(9_000_000_000_000),
      'Entries 2 to 8999999999999 are missing: they were removed from the log.',
    ])
  })

  it('caps a long detail and never rewrites earlier bytes', async () => {
    const log = await logWith(2)
    const before = await readFile(join(dir, 'audit.jsonl'), 'utf8')
    const { entry } = await log.append({ ...event(3), detail: 'x'.repeat(5_000) }, new Date())
    expect(entry.detail).toHaveLength(1_000)
    const after = await readFile(join(dir, 'audit.jsonl'), 'utf8')
    expect(after.startsWith(before)).toBe(true)
    expect((await log.read()).verification.ok).toBe(true)
  })

  it('fails to append with a storage error when the file cannot be written', async () => {
    await mkdir(join(dir, 'audit.jsonl'))
    const log = new AuditLog(dir, { user: 'ada', secrets })
    await expect(log.append(event(1), new Date())).rejects.toMatchObject({
      code: 'storage',
      message: 'The audit log could not be read because a folder has its name.',
    })
  })
})
