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
const delimiters = [',', ';', '\t'] as const

/** Splits one CSV line on `delimiter`, honouring double quotes and "" escapes. */
export function splitCsvLine(line: string, delimiter: string): string[] {
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

/** The delimiter that splits most of the first lines into the same number (> 1) of cells. */
function detectDelimiter(lines: string[]): string | null {
  const sample = lines.filter((l) => l.trim() !== '').slice(0, 20)
  if (sample.length === 0) return null
  let best: { delimiter: string; score: number } | null = null
  for (const delimiter of delimiters) {
    const counts = sample.map((line) => splitCsvLine(line, delimiter).length)
    const first = counts[0] ?? 1
    if (first < 2) continue
    const agreeing = counts.filter((count) => count === first).length
    if (agreeing / counts.length >= 0.8 && (!best || agreeing > best.score)) best = { delimiter, score: agreeing }
  }
  return best?.delimiter ?? null
}

function pickColumn(rows: string[][]): { index: number; header: boolean } {
  const first = rows[0] ?? []
  const named = first.findIndex((cell) => headerPattern.test(cell))
  if (named >= 0) return { index: named, header: true }
  // No header naming it: the column whose values most often look like payment IDs.
  const width = Math.max(...rows.slice(0, 50).map((row) => row.length))
  let best = { index: 0, hits: -1 }
  for (let index = 0; index < width; index++) {
    const hits = rows.slice(0, 200).filter((row) => idShape.test(row[index] ?? '')).length
    if (hits > best.hits) best = { index, hits }
  }
  const header = first.length > 0 && !idShape.test(first[best.index] ?? '') && rows.length > 1
  return { index: best.index, header }
}

interface Candidate {
  value: string
  line: number
}

/** A "table" whose every column holds IDs is a list that happens to use commas. */
function isIdOnlyGrid(rows: string[][]): boolean {
  if (rows[0]?.some((cell) => headerPattern.test(cell))) return false
  const cells = rows.slice(0, 200).flat().filter((cell) => cell !== '')
  return cells.length > 0 && cells.filter((cell) => idShape.test(cell)).length / cells.length >= 0.9
}

function tableCandidates(lines: string[], delimiter: string): { candidates: Candidate[]; column: string | null } | null {
  const rows = lines.map((line) => splitCsvLine(line, delimiter))
  if (isIdOnlyGrid(rows)) return null
  const { index, header } = pickColumn(rows)
  const candidates: Candidate[] = []
  rows.forEach((row, i) => {
    if (header && i === 0) return
    if (row.length === 1 && row[0] === '') return
    candidates.push({ value: row[index] ?? '', line: i + 1 })
  })
  return { candidates, column: header ? (rows[0]?.[index] ?? null) : `column ${index + 1}` }
}

function listCandidates(lines: string[]): Candidate[] {
  const candidates: Candidate[] = []
  lines.forEach((line, i) => {
    for (const token of line.split(/[\s,;]+/)) {
      if (token === '') continue
      const unquoted = token.replace(/^["'`]+|["'`]+$/g, '')
      candidates.push({ value: unquoted, line: i + 1 })
    }
  })
  // A lone header word at the top ("payment_id") is not an ID.
  const first = candidates[0]
  if (first?.line === 1 && headerPattern.test(first.value)) candidates.shift()
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
