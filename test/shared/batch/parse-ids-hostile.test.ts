import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseIdList, splitCsvLine } from '../../../src/shared/batch/parse-ids'

// Item 8 of the audit made the reader linear (the bench times it: `npm run bench -- text`).
// These check it still reads what it read before, on the inputs that were slow.

/** The rules of splitCsvLine written as plainly as possible (quadratic: small inputs only). */
function referenceSplit(line: string, delimiter: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i)
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (char === delimiter) {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  cells.push(cell)
  return cells.map((c) => c.trim())
}

const csvish = fc.string({ unit: fc.constantFrom('"', '"', ',', ';', '\t', ' ', '\u00a0', 'a', 'x', '_', '1'), maxLength: 60 })

describe('splitCsvLine', () => {
  it('reads every line as the plain rules say', () => {
    fc.assert(
      fc.property(csvish, fc.constantFrom(',', ';', '\t'), (line, delimiter) => {
        expect(splitCsvLine(line, delimiter)).toEqual(referenceSplit(line, delimiter))
      }),
      { numRuns: 3_000 },
    )
  })

  it.each([
    ['quotes after spaces open a value', '  "a,b"  ,c', ['a,b', 'c']],
    ['a quote after text is text', 'x"y,z', ['x"y', 'z']],
    ['an emptied quoted value lets a later quote open again', '"  " "a,b"', ['a,b']],
    ['spaces, a letter, then quotes', `${' '.repeat(50)}x${'"'.repeat(50)}`, [`x${'"'.repeat(50)}`]],
  ])('%s', (_label, line, cells) => {
    expect(splitCsvLine(line, ',')).toEqual(cells)
  })
})

describe('parseIdList on hostile input', () => {
  it('strips any run of quotes around a listed ID, and keeps quotes inside it', () => {
    const quotes = fc.string({ unit: fc.constantFrom('"', "'", '`'), maxLength: 20 })
    fc.assert(
      fc.property(quotes, quotes, fc.constantFrom('pay_1', 'pay_a"b', "pay_o'k"), (open, close, id) => {
        expect(parseIdList(`${open}${id}${close}`).ids).toEqual([id])
      }),
    )
  })

  it('reads a paste of nothing but quotes, or quotes around text, without an ID', () => {
    expect(parseIdList('"'.repeat(100_000))).toMatchObject({ ids: [], invalid: [] })
    const parsed = parseIdList(`x${'"'.repeat(100_000)}x`)
    expect(parsed.ids).toEqual([])
    expect(parsed.invalid).toHaveLength(1)
  })

  it('still finds the ID column when a later line has a hundred thousand columns', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `2026-03-${(i % 28) + 1},pay_${i}`)
    rows.splice(25, 0, ','.repeat(100_000))
    expect(parseIdList(rows.join('\n'))).toMatchObject({
      ids: rows.filter((r) => r.includes('pay_')).map((r) => r.split(',')[1]),
      column: 'column 2',
    })
  })
})
