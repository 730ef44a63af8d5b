import { maskEmails } from '../src/main/request-log/mask'
import { parseIdList } from '../src/shared/batch/parse-ids'
import { median, round } from './stats'

// `npm run bench -- text`: the text handling that meets whatever a server or a pasted file
// holds (item 3 and 8 of the security audit). 1 MiB of each adversarial input, masked for
// e-mail addresses (target 50 ms) and read as a batch ID list (target 300 ms), side by side.

const size = 1 << 20
const runs = 5
const targets = { maskMs: 50, parseMs: 300 }

/** `pattern` repeated to exactly `size` code units (patterns are chosen not to split a pair). */
const fill = (pattern: string) => pattern.repeat(Math.ceil(size / pattern.length)).slice(0, size)

/** The same text on every run: mulberry32 from a fixed seed. */
function seededText(alphabet: string[], seed: number): string {
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

const maskCases: Record<string, () => string> = {
  'local-part characters, no at-sign': () => fill('a'),
  'dotted words, no at-sign': () => fill('ab.'),
  'at-signs only': () => fill('@'),
  'a@ repeated (an address at every at-sign)': () => fill('a@'),
  'a.@ repeated': () => fill('a.@'),
  'one address with a long dotted domain': () => `x@${fill('b.').slice(2)}`,
  '%40 repeated': () => fill('%40'),
  'a%40 repeated': () => fill('a%40'),
  '%25 run before one 40': () => `%${fill('25').slice(3)}40`,
  'non-ASCII letters, no at-sign': () => fill('é'),
  'astral letters, no at-sign': () => fill('𝒜'),
  'JSON \\u escapes, no at-sign': () => fill('\\u00e9'),
  'JSON of 20,000 customers with non-ASCII addresses': () => customers.slice(0, size),
  'random: local-part, at-sign and escape pieces': () =>
    seededText(['a', 'Z', 'é', '.', '-', '_', '+', "'", '@', '%', '40', '25', '\\u0040', '\\u', '00e9', ' ', '"', '😀'], 1),
}

const parseCases: Record<string, () => string> = {
  'quotes only': () => fill('"'),
  'x, quotes, x (one token)': () => `x${fill('"').slice(2)}x`,
  'spaces, x, quotes': () => `${' '.repeat(size / 2)}x${'"'.repeat(size / 2 - 1)}`,
  'commas only (one line, a million cells)': () => fill(','),
  'line breaks only': () => fill('\n'),
  'quote, semicolon, tab repeated': () => fill('";\t'),
  '"a repeated': () => fill('"a'),
  'mixed quotes around text': () => fill(`"'\`x`),
  'a table, then a line of a million columns': () => {
    const head = Array.from({ length: 30 }, (_, i) => `2026-03-01,pay_${i}`).join('\n')
    return `${head}\n${fill(',').slice(head.length + 1)}`
  },
  'one 1 MiB token': () => fill('pay_x'),
  'a CSV of 40,000 rows with a header': () =>
    `date,payment_id,amount\r\n${Array.from({ length: 40_000 }, (_, i) => `2026-03-01,pay_${i},100`).join('\r\n')}`.slice(0, size),
  'random: quotes, separators, spaces and IDs': () => seededText(['"', "'", '`', ',', ';', '\t', ' ', '\n', '\r\n', 'x', 'pay_1'], 2),
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

function time(name: string, text: string, run: (text: string) => unknown, targetMs: number): CaseResult {
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

export function benchText(): Promise<Record<string, unknown>> {
  console.error(`  masking e-mails in 1 MiB (target ${targets.maskMs} ms, median of ${runs} after one first run)`)
  const mask = Object.entries(maskCases).map(([name, make]) => time(name, make(), maskEmails, targets.maskMs))
  console.error(`  parsing a batch ID list of 1 MiB (target ${targets.parseMs} ms)`)
  const parse = Object.entries(parseCases).map(([name, make]) => time(name, make(), parseIdList, targets.parseMs))
  const pass = [...mask, ...parse].every((result) => result.pass)
  return Promise.resolve({ benchmark: 'text', targets, pass, mask, parse })
}
