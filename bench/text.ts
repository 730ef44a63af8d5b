import { maskEmails } from '../src/main/request-log/mask'
import { parseIdList } from '../src/shared/batch/parse-ids'
import type { BenchOptions, PromisedFields } from './quick'
import { median, round } from './stats'

// `npm run bench -- text`: the text handling that meets whatever a server or a pasted file
// holds (item 3 and 8 of the security audit). 1 MiB of each adversarial input, masked for
// e-mail addresses (target 50 ms) and read as a batch ID list (target 300 ms), side by side.

const sizes = { full: { size: 1 << 20, runs: 5 }, quick: { size: 1 << 12, runs: 1 } }
const targets = { maskMs: 50, parseMs: 300 }

/** `pattern` repeated to exactly `size` code units (patterns are chosen not to split a pair). */
const fill = (pattern: string, size: number) => pattern.repeat(Math.ceil(size / pattern.length)).slice(0, size)

/** The same text on every run: mulberry32 from a fixed seed. */
function seededText(alphabet: string[], seed: number, size: number): string {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const parts: string[] = []
  let length = 0
  while (length < size) {
    const piece = alphabet[Math.floor(next() * alphabet.length)] ?? ''
    parts.push(piece)
    length += piece.length
  }
  return parts.join('')
}

const customers = JSON.stringify(
  Array.from({ length: 20_000 }, (_, i) => ({ id: `pay_${i}`, customerEmail: `zoë.müller+${i}@bücher-${i}.example` })),
)

const maskCases: Record<string, (size: number) => string> = {
  'local-part characters, no at-sign': (size) => fill('a', size),
  'dotted words, no at-sign': (size) => fill('ab.', size),
  'at-signs only': (size) => fill('@', size),
  'a@ repeated (an address at every at-sign)': (size) => fill('a@', size),
  'a.@ repeated': (size) => fill('a.@', size),
  'one address with a long dotted domain': (size) => `x@${fill('b.', size).slice(2)}`,
  '%40 repeated': (size) => fill('%40', size),
  'a%40 repeated': (size) => fill('a%40', size),
  '%25 run before one 40': (size) => `%${fill('25', size).slice(3)}40`,
  'non-ASCII letters, no at-sign': (size) => fill('é', size),
  'astral letters, no at-sign': (size) => fill('𝒜', size),
  'JSON \\u escapes, no at-sign': (size) => fill('\\u00e9', size),
  'JSON of 20,000 customers with non-ASCII addresses': (size) => customers.slice(0, size),
  'random: local-part, at-sign and escape pieces': (size) =>
    seededText(['a', 'Z', 'é', '.', '-', '_', '+', "'", '@', '%', '40', '25', '\\u0040', '\\u', '00e9', ' ', '"', '😀'], 1, size),
}

const parseCases: Record<string, (size: number) => string> = {
  'quotes only': (size) => fill('"', size),
  'x, quotes, x (one token)': (size) => `x${fill('"', size).slice(2)}x`,
  'spaces, x, quotes': (size) => `${' '.repeat(size / 2)}x${'"'.repeat(size / 2 - 1)}`,
  'commas only (one line, a million cells)': (size) => fill(',', size),
  'line breaks only': (size) => fill('\n', size),
  'quote, semicolon, tab repeated': (size) => fill('";\t', size),
  '"a repeated': (size) => fill('"a', size),
  'mixed quotes around text': (size) => fill(`"'\`x`, size),
  'a table, then a line of a million columns': (size) => {
    const head = Array.from({ length: 30 }, (_, i) => `2026-03-01,pay_${i}`).join('\n')
    return `${head}\n${fill(',', size).slice(head.length + 1)}`
  },
  'one 1 MiB token': (size) => fill('pay_x', size),
  'a CSV of 40,000 rows with a header': (size) =>
    `date,payment_id,amount\r\n${Array.from({ length: 40_000 }, (_, i) => `2026-03-01,pay_${i},100`).join('\r\n')}`.slice(0, size),
  'random: quotes, separators, spaces and IDs': (size) =>
    seededText(['"', "'", '`', ',', ';', '\t', ' ', '\n', '\r\n', 'x', 'pay_1'], 2, size),
}

interface CaseResult {
  case: string
  chars: number
  /** The first run, before the JIT has seen this input. */
  firstMs: number
  ms: number
  worstMs: number
  pass: boolean
}

function time(name: string, text: string, run: (text: string) => unknown, targetMs: number, runs: number): CaseResult {
  const times: number[] = []
  for (let i = 0; i <= runs; i++) {
    const start = performance.now()
    run(text)
    times.push(performance.now() - start)
  }
  const [first = 0, ...rest] = times
  const ms = median(rest)
  const result = {
    case: name,
    chars: text.length,
    firstMs: round(first, 1),
    ms: round(ms, 1),
    worstMs: round(Math.max(...rest), 1),
    pass: ms < targetMs,
  }
  console.error(
    `  ${result.pass ? 'pass' : 'FAIL'} ${String(result.ms).padStart(8)} ms (first ${result.firstMs}, worst ${result.worstMs})  ${name}`,
  )
  return result
}

export const textFields: PromisedFields = ['benchmark', 'targets', 'pass', 'mask', 'parse']

export function benchText({ quick = false }: BenchOptions = {}): Promise<Record<string, unknown>> {
  const { size, runs } = quick ? sizes.quick : sizes.full
  console.error(`  masking e-mails in ${size} characters (target ${targets.maskMs} ms, median of ${runs} after one first run)`)
  const mask = Object.entries(maskCases).map(([name, make]) => time(name, make(size), maskEmails, targets.maskMs, runs))
  console.error(`  parsing a batch ID list of ${size} characters (target ${targets.parseMs} ms)`)
  const parse = Object.entries(parseCases).map(([name, make]) => time(name, make(size), parseIdList, targets.parseMs, runs))
  const pass = [...mask, ...parse].every((result) => result.pass)
  return Promise.resolve({ benchmark: 'text', targets, pass, mask, parse })
}
