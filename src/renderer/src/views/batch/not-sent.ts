import type { ParsedIdList } from '../../../../shared/batch/parse-ids'

/** Every line that will not be sent, as tab-separated text a spreadsheet takes as it is. */
export function notSentAsText({ invalid, blankLines }: Pick<ParsedIdList, 'invalid' | 'blankLines'>): string {
  const rows = [
    ...invalid.map((entry) => ({ line: entry.line, value: entry.value, reason: entry.reason })),
    ...blankLines.map((line) => ({ line, value: '', reason: 'Blank: no ID here.' })),
  ].sort((a, b) => a.line - b.line)
  return ['line\tvalue\treason', ...rows.map((row) => `${row.line}\t${row.value.replace(/[\t\r\n]/g, ' ')}\t${row.reason}`)].join('\n')
}
