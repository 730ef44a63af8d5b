import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { summaryPathFor } from '../../../src/main/batch/batch-export'
import type { FileDialogs } from '../../../src/main/services/batch-service'
import { splitCsvLine } from '../../../src/shared/batch/parse-ids'
import type { BatchResult } from '../../../src/shared/contract/batch-schema'
import { formatMoney } from '../../../src/shared/format/money'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { bulkIds, waitForStatus } from './batch-helpers'

const header =
  'payment_id,outcome,status,amount,amount_assuming_minor_units,currency,payment_method,error_code,retryable,attempted_at,customer_email,lookup_error,account'
// IDs from an untrusted report that a spreadsheet would run as formulas.
const formulaIds = ['=1+2', '+1', '-12', '@SUM(1)']

describe('exporting batch results', () => {
  let fixture: CoreFixture
  let outDir: string
  let jobId: string
  let results: BatchResult[]
  const inputIds = [...bulkIds(1, 20), 'pay_unknown_1', 'pay one', ...formulaIds]
  // Results arrive in whatever order the lookups finish; an export follows the input.
  const inInputOrder = (): BatchResult[] => inputIds.map((id) => results.find((r) => r.id === id) as BatchResult)
  const exported = (r: BatchResult) => ({
    ...r,
    amountAssumingMinorUnits: r.amount === null ? null : formatMoney(r.amount, r.currency),
    account: 'Default',
  })
  const dialog: { path: string | null; defaultNames: string[] } = { path: null, defaultNames: [] }
  const dialogs: FileDialogs = {
    chooseIdFile: () => Promise.resolve(null),
    chooseExportPath: (defaultName) => {
      dialog.defaultNames.push(defaultName)
      return Promise.resolve(dialog.path)
    },
  }

  beforeAll(async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 20 }, dialogs })
    outDir = await mkdtemp(join(tmpdir(), 'payments-desk-export-'))
    const started = await fixture.ok('batchStart', { ids: inputIds, label: 'March report' })
    jobId = started.id
    await waitForStatus(fixture.core, jobId, 'completed')
    results = await fixture.ok('batchResults', { jobId })
    expect(results).toHaveLength(26)
  })
  afterAll(async () => {
    await fixture.close()
    await rm(outDir, { recursive: true, force: true })
  })

  async function exportTo(name: string, format: 'csv' | 'json', includeEmails: boolean): Promise<string> {
    dialog.path = join(outDir, name)
    const written = await fixture.ok('batchExport', { jobId, format, includeEmails })
    expect(written).toEqual({ path: dialog.path, summaryPath: summaryPathFor(dialog.path) })
    // The failed amounts per currency go beside every export, in its format.
    expect(await readFile(summaryPathFor(dialog.path), 'utf8')).toMatch(format === 'csv' ? /^currency,customer_can_retry,/ : /^\[/)
    return readFile(dialog.path, 'utf8')
  }

  it('writes a CSV with a header and one row per ID in the order of the input, e-mails masked, formulas defused', async () => {
    const csv = await exportTo('report.csv', 'csv', false)
    expect(dialog.defaultNames.at(-1)).toBe('March-report.csv')
    const lines = csv.split('\r\n')
    expect(lines.at(-1)).toBe('')
    const [first, ...rows] = lines.slice(0, -1)
    expect(first).toBe(header)
    expect(rows).toHaveLength(results.length)
    const cells = rows.map((row) => splitCsvLine(row, ','))
    for (const row of cells) expect(row).toHaveLength(13)
    // The account the batch ran in, on every row.
    expect(new Set(cells.map((row) => row[12]))).toEqual(new Set(['Default']))
    expect(cells.map((row) => row[0])).toEqual(inputIds.map((id) => (/^[=+\-@]/.test(id) ? `'${id}` : id)))

    const ada = cells.find((row) => row[0] === 'pay_bulk_000005')
    expect(ada?.[10]).toBe('a***@example.com')
    expect(csv).not.toMatch(/\b(ada|grace|linus|margaret|alan)@/)
    const declined = cells.find((row) => row[0] === 'pay_bulk_000006')
    expect(declined?.slice(1, 8)).toEqual([
      'found',
      'failed',
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\$[\d,]+\.\d\d$/),
      'USD',
      'CARD',
      expect.stringMatching(/^[a-z_]+$/),
    ])
    expect(cells.find((row) => row[0] === 'pay_unknown_1')?.slice(1, 3)).toEqual(['not-found', ''])
    expect(cells.find((row) => row[0] === 'pay one')?.[11]).toBe('A payment ID has no spaces in it: check you pasted one ID only.')
    // No cell a spreadsheet would evaluate: every one starting with = + - @ is quoted with '.
    for (const cell of cells.flat()) expect(cell).not.toMatch(/^[=+\-@]/)
  })

  it('writes the e-mails in full when the user asks for them', async () => {
    const csv = await exportTo('with-emails.csv', 'csv', true)
    expect(splitCsvLine(csv.split('\r\n').find((row) => row.startsWith('pay_bulk_000005,')) ?? '', ',')[10]).toBe('ada@example.com')
  })

  it('writes JSON that parses back to the results, e-mails masked unless asked', async () => {
    const masked = JSON.parse(await exportTo('report.json', 'json', false)) as BatchResult[]
    expect(dialog.defaultNames.at(-1)).toBe('March-report.json')
    expect(masked).toEqual(
      inInputOrder().map((r) => ({ ...exported(r), customerEmail: r.customerEmail?.replace(/^(.)[^@]*@/, '$1***@') ?? null })),
    )
    expect(masked.find((r) => r.id === 'pay_bulk_000001')?.customerEmail).toBe('g***@example.org')
    expect(JSON.parse(await exportTo('full.json', 'json', true))).toEqual(inInputOrder().map(exported))
  })

  it('writes only the results the screen shows when it names them, still in input order', async () => {
    const shown = ['pay_unknown_1', 'pay_bulk_000007', 'pay_bulk_000006']
    dialog.path = join(outDir, 'only-shown.csv')
    expect(await fixture.ok('batchExport', { jobId, format: 'csv', includeEmails: false, onlyIds: shown })).toEqual({
      path: dialog.path,
      summaryPath: summaryPathFor(dialog.path),
    })
    const rows = (await readFile(dialog.path, 'utf8')).split('\r\n').slice(1, -1)
    expect(rows.map((row) => splitCsvLine(row, ',')[0])).toEqual(['pay_bulk_000006', 'pay_bulk_000007', 'pay_unknown_1'])
  })

  it('writes nothing when the save dialog is cancelled', async () => {
    dialog.path = null
    const before = await readdir(outDir)
    expect(await fixture.ok('batchExport', { jobId, format: 'csv', includeEmails: false })).toEqual({ path: null })
    expect(await readdir(outDir)).toEqual(before)
  })

  it('says plainly when the chosen folder does not exist', async () => {
    dialog.path = join(outDir, 'gone', 'report.csv')
    expect(await fixture.call('batchExport', { jobId, format: 'csv', includeEmails: false })).toEqual({
      ok: false,
      error: { code: 'storage', message: 'Could not write report.csv because its folder does not exist. Nothing was exported.' },
    })
  })
})
