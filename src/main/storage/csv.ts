// CSV for spreadsheets, written so that no cell runs as a formula however the file is
// opened. Exports are comma-separated, but a spreadsheet in most European locales
// splits on `;`, others on tab: then a `;` or tab inside a field starts a new cell, and
// the CSV quotes that would hold the field together sit in the middle of a cell, where
// they mean nothing. So every place where any reader may start a cell (the field's
// start, and after each `,` `;` tab or line break inside it) is defused, not just the
// first character.

export type CsvValue = string | number | null

/** A cell starting with one of these runs as a formula (or a DDE call) in some spreadsheet. */
const formulaStart = new Set(['=', '+', '-', '@', '\t', '\r'])
/** After one of these, a reader splitting on `,` `;` or tab, or on lines, starts a new cell. */
const cellBreak = new Set([',', ';', '\t', '\r', '\n'])
// Skipped before the first character a reader sees: quotes some readers strip and spaces
// some trim (LibreOffice's "Trim spaces" on import).
const skippedAtStart = new Set(['"', ' '])

/** Puts `'` before every character that would start a formula where a reader may start a cell. */
function defuse(text: string): string {
  let out = ''
  let copied = 0
  let atCellStart = true
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i)
    if (atCellStart && formulaStart.has(char)) {
      out += `${text.slice(copied, i)}'`
      copied = i
    }
    if (cellBreak.has(char)) atCellStart = true
    else if (!skippedAtStart.has(char)) atCellStart = false
  }
  return out === '' ? text : out + text.slice(copied)
}

/**
 * One cell: defused (`=1+2` becomes `'=1+2`, `x;=HYPERLINK(...)` becomes
 * `x;'=HYPERLINK(...)`), then quoted as RFC 4180 says when it holds a quote, a comma or a line break.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return ''
  const text = defuse(String(value))
  if (!/[",\r\n]/.test(text)) return text
  // A closing quote right after a separator is where a `;` or tab reader starts a cell, and
  // takes the quote as an opening one: that cell would start with the CR of the line end.
  const end = cellBreak.has(text.charAt(text.length - 1)) ? ' ' : ''
  return `"${text.replace(/"/g, '""')}${end}"`
}

export type CsvColumns<T> = readonly (readonly [name: string, get: (row: T) => CsvValue])[]

/** A header line and one line per row, CRLF as spreadsheets expect. */
export function toCsv<T>(columns: CsvColumns<T>, rows: readonly T[]): string {
  const lines = [columns.map(([name]) => csvCell(name)).join(',')]
  for (const row of rows) lines.push(columns.map(([, get]) => csvCell(get(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
