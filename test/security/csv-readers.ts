// How a spreadsheet may read an exported CSV, for the formula-injection tests: with a
// comma, a semicolon (most European Excel locales) or a tab as separator.

export const separators = [',', ';', '\t'] as const

/** What a spreadsheet would run as a formula or a DDE call when a cell starts with it. */
export const dangerousStart = /^[=+\-@\t\r]/

/** The crudest reader: every line split on the separator, quotes ignored. */
export function naivePieces(csv: string, separator: string): string[] {
  return csv.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator))
}

/**
 * A quote-aware reader as RFC 4180 and Excel read: a field is quoted only when its first
 * character is a quote (a quote later in the field is a plain character), `""` inside
 * quotes is one quote, and a quoted field may hold separators and line breaks.
 */
export function parseCsv(csv: string, separator: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let fieldStart = true
  for (let i = 0; i < csv.length; i++) {
    const char = csv.charAt(i)
    if (quoted) {
      if (char === '"' && csv.charAt(i + 1) === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
      continue
    }
    if (char === '"' && fieldStart) {
      quoted = true
      fieldStart = false
    } else if (char === separator) {
      row.push(field)
      field = ''
      fieldStart = true
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && csv.charAt(i + 1) === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      fieldStart = true
    } else {
      field += char
      fieldStart = false
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/** Every cell of the file, read each way a spreadsheet might, that would start a formula. */
export function formulaCells(csv: string): { reader: string; separator: string; cell: string }[] {
  const found: { reader: string; separator: string; cell: string }[] = []
  for (const separator of separators) {
    for (const cell of naivePieces(csv, separator)) if (dangerousStart.test(cell)) found.push({ reader: 'split', separator, cell })
    for (const cell of parseCsv(csv, separator).flat()) if (dangerousStart.test(cell)) found.push({ reader: 'csv', separator, cell })
  }
  return found
}
