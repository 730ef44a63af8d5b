import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exportAudit } from '../../src/main/audit/audit-export'
import { exportResults } from '../../src/main/batch/batch-export'
import { csvCell } from '../../src/main/storage/csv'
import type { AuditEntry } from '../../src/shared/contract/audit-schema'
import type { BatchResult } from '../../src/shared/contract/batch-schema'
import { dangerousStart, formulaCells, naivePieces, parseCsv, separators } from './csv-readers'

// Item 4 of the audit, as properties: whatever text a field holds, no cell of either
// export starts a formula when the file is split on `,`, `;` or tab (naively, line by
// line, or by a quote-aware CSV reader), and a comma reader gets the text back with
// only apostrophes added.

const hostileUnit = fc.oneof(
  { arbitrary: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '"', ' ', "'"), weight: 4 },
  { arbitrary: fc.constantFrom('a', 'Z', '1', '(', ')', '|', '!', '\\', '%'), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 },
)
const hostileText = fc.oneof(
  fc.string({ unit: hostileUnit, maxLength: 40 }),
  fc.constantFrom('x;=HYPERLINK("https://evil.example")', '=cmd|"/c calc"!A1', 'a,\t@SUM(1)', ' ; " =1', '"\r\n-2', "'=1"),
)
const nullable = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null })

const batchResult: fc.Arbitrary<BatchResult> = fc.record({
  id: hostileText,
  outcome: fc.constantFrom('found', 'not-found', 'error'),
  paymentStatus: nullable(hostileText),
  amount: nullable(fc.integer({ min: -1_000_000, max: 1_000_000 })),
  currency: nullable(hostileText),
  paymentMethod: nullable(hostileText),
  errorCode: nullable(hostileText),
  retryable: nullable(fc.constantFrom('yes', 'no', 'depends', 'later')),
  attemptedAt: nullable(hostileText),
  customerEmail: nullable(hostileText),
  failure: nullable(fc.record({ code: fc.constant('not-found'), message: hostileText })),
  at: fc.nat(),
})

const auditEntry: fc.Arbitrary<AuditEntry> = fc.record(
  {
    environment: fc.constantFrom('local', 'production', 'operator'),
    // An account's name is the user's own text, as hostile as a detail.
    account: hostileText,
    action: fc.constant('base-url-changed'),
    detail: hostileText,
    seq: fc.integer({ min: 1, max: 1_000 }),
    at: hostileText,
    user: hostileText,
    prevHash: fc.constant('0'.repeat(64)),
    hash: fc.constant('f'.repeat(64)),
  },
  { requiredKeys: ['environment', 'action', 'detail', 'seq', 'at', 'user', 'prevHash', 'hash'] },
)

/** A reader that drops quotes and trims spaces still sees no formula. */
const strippedStarts = (csv: string) =>
  separators
    .flatMap((separator) => naivePieces(csv, separator).map((piece) => piece.replace(/^[ "]+/, '')))
    .filter((piece) => dangerousStart.test(piece))

// The export adds `'` before formula characters, and a space after a separator that would end a quoted cell.
const withoutAdded = (text: string) => text.replace(/'(?=[=+\-@\t\r])/g, '').replace(/([,;\t\r\n]) $/, '$1')

describe('CSV exports under every separator', () => {
  it('batch results: no cell starts a formula, however the file is split', () => {
    fc.assert(
      fc.property(fc.array(batchResult, { minLength: 1, maxLength: 5 }), (results) => {
        const csv = exportResults(results, 'csv', true)
        expect(formulaCells(csv)).toEqual([])
        expect(strippedStarts(csv)).toEqual([])
      }),
      { numRuns: 1_000 },
    )
  })

  it('audit log: no cell starts a formula, however the file is split', () => {
    fc.assert(
      fc.property(fc.array(auditEntry, { minLength: 1, maxLength: 5 }), (entries) => {
        const csv = exportAudit(entries, { ok: true, problems: [] }, 'csv', new Date(0))
        expect(formulaCells(csv)).toEqual([])
        expect(strippedStarts(csv)).toEqual([])
      }),
      { numRuns: 1_000 },
    )
  })

  it('a comma reader gets every value back, changed only by apostrophes before formula characters (and a space after a final separator)', () => {
    fc.assert(
      fc.property(fc.array(auditEntry, { minLength: 1, maxLength: 5 }), (entries) => {
        const rows = parseCsv(exportAudit(entries, { ok: true, problems: [] }, 'csv', new Date(0)), ',')
        expect(rows).toHaveLength(entries.length + 1)
        rows.slice(1).forEach((row, i) => {
          const entry = entries[i] as AuditEntry
          expect(row.map(withoutAdded)).toEqual(
            [
              entry.seq,
              entry.at,
              entry.user,
              entry.environment,
              entry.account ?? '',
              entry.action,
              entry.detail,
              entry.prevHash,
              entry.hash,
            ].map((v) => withoutAdded(String(v))),
          )
        })
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('csvCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['-12', "'-12"],
    ['x;=HYPERLINK("a")', `"x;'=HYPERLINK(""a"")"`],
    ['a\t+b', "a\t'+b"],
    ['a;\t=b', "a;'\t'=b"],
    ['a; "=b', `"a; ""'=b"`],
    ['a - b; c-d, e', '"a - b; c-d, e"'],
    ['a,b;', '"a,b; "'],
    ['line\n', '"line\n "'],
    ['pay_123', 'pay_123'],
    [-5, "'-5"],
    [null, ''],
  ])('%j becomes %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })
})
