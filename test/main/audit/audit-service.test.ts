import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readAnchor } from '../../../src/main/audit/audit-anchor'
import { entryMac } from '../../../src/main/audit/audit-chain'
import { AuditLog } from '../../../src/main/audit/audit-log'
import { auditKeyAccount, createMemoryStore, type SecretStore } from '../../../src/main/secrets/keychain'
import { createAuditService, type AuditService } from '../../../src/main/services/audit-service'
import { splitCsvLine } from '../../../src/shared/batch/parse-ids'
import { auditEntrySchema } from '../../../src/shared/contract/audit-schema'

let dir: string
let exportPath: string | null
let problems: string[]
let audit: AuditService
let clock: number
let secrets: SecretStore

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-audit-service-'))
  exportPath = null
  problems = []
  clock = Date.UTC(2026, 2, 1, 9, 30)
  secrets = createMemoryStore()
  audit = createAuditService({
    log: new AuditLog(join(dir, 'data'), { user: 'ada', secrets }),
    dialogs: { chooseIdFile: () => Promise.resolve(null), chooseExportPath: () => Promise.resolve(exportPath) },
    onWriteProblem: (message) => problems.push(message),
    now: () => new Date((clock += 1_000)),
  })
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the audit service', () => {
  it('lists the newest entries first, with the verification', async () => {
    await audit.record({ environment: 'local', action: 'environment-switched', detail: 'Switched from Production to Local sandbox.' })
    await audit.record({
      environment: 'production',
      action: 'key-set',
      detail: 'Stored a private key for Production (SHA256:0000 0000 0000 0000).',
    })
    const list = await audit.list()
    expect(list.entries.map((e) => [e.seq, e.action, e.user, e.at])).toEqual([
      [2, 'key-set', 'ada', '2026-03-01T09:30:02.000Z'],
      [1, 'environment-switched', 'ada', '2026-03-01T09:30:01.000Z'],
    ])
    expect(list).toMatchObject({ total: 2, verification: { ok: true, problems: [] }, unwritten: [] })
    expect(problems).toEqual([])
  })

  it('never throws when the log cannot be written: it says so, keeps the entry and writes it later, in order', async () => {
    // A folder where the file should be: refused as a full disk or a read-only folder would be, even as root.
    await mkdir(join(dir, 'data', 'audit.jsonl'), { recursive: true })
    await audit.record({
      environment: 'production',
      action: 'key-deleted',
      detail: 'Deleted the private key of Production (SHA256:1111 1111 1111 1111).',
    })
    expect(problems).toEqual([
      '"Key deleted" was carried out, but the audit log has no entry for it yet. The audit log could not be read because a folder has its name. The app will write the entry as soon as the log can be written again, while it keeps running.',
    ])
    await expect(audit.list()).rejects.toMatchObject({ code: 'storage' })

    await rm(join(dir, 'data', 'audit.jsonl'), { recursive: true })
    await audit.record({ environment: 'local', action: 'environment-switched', detail: 'Switched from Production to Local sandbox.' })
    expect(problems).toHaveLength(1)
    const list = await audit.list()
    expect(list.entries.map((e) => [e.seq, e.action, e.at])).toEqual([
      [2, 'environment-switched', '2026-03-01T09:30:02.000Z'],
      [1, 'key-deleted', '2026-03-01T09:30:01.000Z'],
    ])
    expect(list.unwritten).toEqual([])
  })

  it('shows entries waiting to be written in the list', async () => {
    await mkdir(join(dir, 'data', 'audit.jsonl'), { recursive: true })
    await audit.record({ environment: 'local', action: 'checkout-created', detail: 'Created payment pay_1.' })
    await audit.record({ environment: 'local', action: 'checkout-created', detail: 'Created payment pay_2.' })
    expect(problems[1]).toContain('2 entries are waiting to be written.')
    await rm(join(dir, 'data', 'audit.jsonl'), { recursive: true })
    // Listing writes what was waiting.
    const list = await audit.list()
    expect(list.entries.map((e) => e.detail)).toEqual(['Created payment pay_2.', 'Created payment pay_1.'])
  })

  it('exports CSV and JSON through the save dialog, hashes included', async () => {
    await audit.record({ environment: 'production', action: 'base-url-changed', detail: '=HYPERLINK("https://evil.example")' })
    await audit.record({
      environment: 'local',
      action: 'checkout-created',
      detail: 'Created payment pay_1: 3000 EUR (minor units), customer g***@example.org.',
    })

    exportPath = join(dir, 'audit.csv')
    expect(await audit.export('csv')).toEqual({ path: exportPath })
    const lines = (await readFile(exportPath, 'utf8')).split('\r\n')
    expect(lines[0]).toBe('seq,at,user,environment,account,action,detail,prev_hash,hash')
    const rows = lines.slice(1, -1).map((line) => splitCsvLine(line, ','))
    expect(rows.map((row) => [...row.slice(0, 4), ...row.slice(5, 7)])).toEqual([
      ['1', '2026-03-01T09:30:01.000Z', 'ada', 'production', 'base-url-changed', `'=HYPERLINK("https://evil.example")`],
      [
        '2',
        '2026-03-01T09:30:02.000Z',
        'ada',
        'local',
        'checkout-created',
        'Created payment pay_1: 3000 EUR (minor units), customer g***@example.org.',
      ],
    ])

    exportPath = join(dir, 'audit.json')
    expect(await audit.export('json')).toEqual({ path: exportPath })
    const json = JSON.parse(await readFile(exportPath, 'utf8')) as { exportedAt: string; verification: unknown; entries: unknown[] }
    expect(json.verification).toEqual({ ok: true, problems: [] })
    const entries = json.entries.map((entry) => auditEntrySchema.parse(entry))
    expect(entries.map((e) => e.seq)).toEqual([1, 2])
    const anchor = await readAnchor(secrets, auditKeyAccount(join(dir, 'data')))
    for (const entry of entries) expect(anchor.kind === 'keyed' && entryMac(anchor.key, entry)).toBe(entry.hash)
  })

  it('has a notice for the start when the log fails its check, and none when it holds', async () => {
    expect(await audit.check()).toBeNull()
    await audit.record({ environment: 'local', action: 'checkout-created', detail: 'Created payment pay_1' })
    expect(await audit.check()).toBeNull()
    await rm(join(dir, 'data', 'audit.jsonl'))
    expect(await audit.check()).toBe('The audit log failed its check (1 problem): see Audit log at the end of Settings.')
  })

  it('answers null when the dialog is closed, and a clear error when the file cannot be written', async () => {
    expect(await audit.export('csv')).toEqual({ path: null })
    exportPath = join(dir, 'no-such-folder', 'audit.csv')
    await expect(audit.export('json')).rejects.toMatchObject({
      code: 'storage',
      message: 'Could not write audit.csv because its folder does not exist. Nothing was exported.',
    })
  })
})
