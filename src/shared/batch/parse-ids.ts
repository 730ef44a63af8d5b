import { checkPaymentId } from '../payment-id'

export interface RejectedId {
  value: string
  /** 1-based line of the input. */
  line: number
  reason: string
}

export interface ParsedIdList {
  /** Unique IDs in the order they first appear: what will be sent. */
  ids: string[]
  /** Extra occurrences collapsed into one (a list of a, a, b has 1). */
  duplicates: number
  /** Never sent, with the reason. */
  invalid: RejectedId[]
  /** The lines of empty cells and empty quoted values. */
  blankLines: number[]
  format: 'list' | 'csv'
  /** The CSV column the IDs came from, when the input was a table. */
  column: string | null
}

// A header cell naming the ID column: "id", "payment id", "payment_id", "paymentId" ...
const headerPattern = /^(payment|transaction)?[\s_-]*id$/i
const idShape = /^[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_-]+$/
// The length checks answer for the empty and one-letter cells of a hostile table without a regex.
const isHeader = (cell: string) => cell.length >= 2 && headerPattern.test(cell)
const looksLikeId = (cell: string) => cell.length >= 3 && idShape.test(cell)
const delimiters = [',', ';', '\t'] as const

// Everything here reads each character a bounded number of times: input is pasted or
// comes from a file, and a regular expression or a trim per character made a line of
// quotes take seconds.

// The characters String.prototype.trim removes.
const space = /\s/
const quote = 34

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && space.test(String.fromCharCode(code)))
}

/** Splits one CSV line on `delimiter`, honouring double quotes and "" escapes. */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = []
  readCsvLine(line, delimiter, cells)
  return cells
}

/** Reads one line into `cells` (or only counts its cells when `cells` is null). */
function readCsvLine(line: string, delimiter: string, cells: string[] | null): number {
  const separator = delimiter.charCodeAt(0)
  let count = 0
  // The current cell is `cell` + line[from, i): text is copied in runs, not per character.
  let cell = ''
  let from = 0
  // Whether the current cell holds only white space so far: a quote there opens a quoted value.
  let blank = true
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i)
    if (quoted) {
      if (code === quote && line.charCodeAt(i + 1) === quote) {
        cell += line.slice(from, i + 1)
        blank = false
        i++
        from = i + 1
      } else if (code === quote) {
        cell += line.slice(from, i)
        quoted = false
        from = i + 1
      } else if (blank && !isSpace(code)) blank = false
    } else if (code === quote && blank) {
      quoted = true
      cell = ''
      from = i + 1
    } else if (code === separator) {
      cells?.push((cell + line.slice(from, i)).trim())
      count++
      cell = ''
      from = i + 1
      blank = true
    } else if (blank && !isSpace(code)) blank = false
  }
  cells?.push((cell + line.slice(from)).trim())
  return count + 1
}

/** The delimiter that splits most of the first lines into the same number (> 1) of cells. */
function detectDelimiter(lines: string[]): string | null {
  const sample = lines.filter((l) => l.trim() !== '').slice(0, 20)
  if (sample.length === 0) return null
  let best: { delimiter: string; score: number } | null = null
  for (const delimiter of delimiters) {
    const counts = sample.map((line) => readCsvLine(line, delimiter, null))
    const first = counts[0] ?? 1
    if (first < 2) continue
    const agreeing = counts.filter((count) => count === first).length
    if (agreeing / counts.length >= 0.8 && (!best || agreeing > best.score)) best = { delimiter, score: agreeing }
  }
  return best?.delimiter ?? null
}

/** With no header naming it: the column whose values most often look like payment IDs. */
function pickColumn(rows: string[][]): { index: number; header: boolean } {
  const first = rows[0] ?? []
  // Counted cell by cell: a line of a million commas is a million columns.
  const width = rows.slice(0, 50).reduce((widest, row) => Math.max(widest, row.length), 0)
  const hits = new Array<number>(width).fill(0)
  for (const row of rows.slice(0, 200)) {
    for (let index = 0; index < Math.min(width, row.length); index++)
      if (looksLikeId(row[index] ?? '')) hits[index] = (hits[index] ?? 0) + 1
  }
  let best = { index: 0, hits: -1 }
  hits.forEach((count, index) => {
    if (count > best.hits) best = { index, hits: count }
  })
  const header = first.length > 0 && !looksLikeId(first[best.index] ?? '') && rows.length > 1
  return { index: best.index, header }
}

interface Candidate {
  value: string
  line: number
}

/** A "table" whose every column holds IDs is a list that happens to use commas. */
function isIdOnlyGrid(rows: string[][]): boolean {
  let filled = 0
  let ids = 0
  for (const row of rows.slice(0, 200)) {
    for (const cell of row) {
      if (cell === '') continue
      filled++
      if (looksLikeId(cell)) ids++
    }
  }
  return filled > 0 && ids / filled >= 0.9
}

function tableCandidates(lines: string[], delimiter: string): { candidates: Candidate[]; column: string | null } | null {
  const rows = lines.map((line) => splitCsvLine(line, delimiter))
  const named = (rows[0] ?? []).findIndex(isHeader)
  if (named < 0 && isIdOnlyGrid(rows)) return null
  const { index, header } = named >= 0 ? { index: named, header: true } : pickColumn(rows)
  const candidates: Candidate[] = []
  rows.forEach((row, i) => {
    if (header && i === 0) return
    if (row.length === 1 && row[0] === '') return
    candidates.push({ value: row[index] ?? '', line: i + 1 })
  })
  return { candidates, column: header ? (rows[0]?.[index] ?? null) : `column ${index + 1}` }
}

const isQuote = (char: string) => char === '"' || char === "'" || char === '`'

/** `"pay_1"`, `'pay_1'`, `` `pay_1` `` become pay_1. */
function stripQuotes(token: string): string {
  let start = 0
  let end = token.length
  while (start < end && isQuote(token.charAt(start))) start++
  while (end > start && isQuote(token.charAt(end - 1))) end--
  return token.slice(start, end)
}

function listCandidates(lines: string[]): Candidate[] {
  const candidates: Candidate[] = []
  lines.forEach((line, i) => {
    if (line === '') return
    for (const token of line.split(/[\s,;]+/)) {
      if (token === '') continue
      candidates.push({ value: stripQuotes(token), line: i + 1 })
    }
  })
  // A lone header word at the top ("payment_id") is not an ID.
  const first = candidates[0]
  if (first?.line === 1 && isHeader(first.value)) candidates.shift()
  return candidates
}

/**
 * Reads payment IDs from pasted text or a CSV/TXT file: any separators, a BOM, CRLF,
 * a header row, an ID column among others. Duplicates collapse; blank and invalid
 * values are set apart and never sent.
 */
export function parseIdList(input: string): ParsedIdList {
  const lines = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const delimiter = detectDelimiter(lines)
  const table = delimiter ? tableCandidates(lines, delimiter) : null
  const candidates = table ? table.candidates : listCandidates(lines)
  const seen = new Set<string>()
  const ids: string[] = []
  const invalid: RejectedId[] = []
  let duplicates = 0
  const blankLines: number[] = []
  for (const { value, line } of candidates) {
    if (value.trim() === '') {
      blankLines.push(line)
      continue
    }
    const checked = checkPaymentId(value)
    if (!checked.ok) {
      invalid.push({ value: value.length > 80 ? `${value.slice(0, 77)}...` : value, line, reason: checked.message })
      continue
    }
    if (seen.has(checked.id)) {
      duplicates++
      continue
    }
    seen.add(checked.id)
    ids.push(checked.id)
  }
  return { ids, duplicates, invalid, blankLines, format: table ? 'csv' : 'list', column: table?.column ?? null }
}
