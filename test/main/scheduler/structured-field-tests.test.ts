import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  parseDictionary,
  parseItem,
  parseList,
  type BareItem,
  type Member,
  type Parameters,
} from '../../../src/main/scheduler/structured-fields'

// Every parse test of httpwg/structured-field-tests (vendored in test/fixtures, see its SOURCE.md),
// against the RFC 9651 parser, in the JSON form the suite expects.

interface Case {
  name: string
  raw?: string[]
  header_type: 'item' | 'list' | 'dictionary'
  expected?: unknown
  must_fail?: boolean
  can_fail?: boolean
}

const folder = join(__dirname, '../../fixtures/structured-field-tests')
const files = readdirSync(folder).filter((file) => file.endsWith('.json'))

function base32(bytes: Buffer): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0')
  let out = ''
  for (let i = 0; i < bits.length; i += 5) out += alphabet.charAt(parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2))
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=')
}

function bare(item: BareItem): unknown {
  switch (item.type) {
    case 'token':
      return { __type: 'token', value: item.value }
    case 'bytes':
      return { __type: 'binary', value: base32(Buffer.from(item.value, 'base64')) }
    case 'date':
      return { __type: 'date', value: item.value }
    case 'display':
      return { __type: 'displaystring', value: item.value }
    default:
      return item.value
  }
}

const params = (map: Parameters): unknown => [...map].map(([key, value]) => [key, bare(value)])
const member = (m: Member): unknown =>
  m.kind === 'item' ? [bare(m.value), params(m.params)] : [m.items.map((item) => [bare(item.value), params(item.params)]), params(m.params)]

function parsed(test: Case): unknown {
  // Several lines of one field are one value, joined as HTTP joins them.
  const text = (test.raw ?? []).join(', ')
  if (test.header_type === 'item') {
    const item = parseItem(text)
    return item === null ? null : member(item)
  }
  if (test.header_type === 'list') return parseList(text)?.map(member) ?? null
  const dictionary = parseDictionary(text)
  return dictionary === null ? null : [...dictionary].map(([key, value]) => [key, member(value)])
}

describe.each(files)('%s', (file) => {
  const cases = (JSON.parse(readFileSync(join(folder, file), 'utf8')) as Case[]).filter((test) => test.raw !== undefined)
  it.each(cases.map((test) => [test.name, test] as const))('%s', (_name, test) => {
    const result = parsed(test)
    if (test.must_fail === true) expect(result).toBeNull()
    else if (test.can_fail === true && result === null) return
    else expect(result).toEqual(test.expected)
  })
})
