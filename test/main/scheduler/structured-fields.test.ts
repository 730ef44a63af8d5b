import { describe, expect, it } from 'vitest'
import { parseDictionary, parseList } from '../../../src/main/scheduler/structured-fields'

const item = (value: unknown, params: [string, unknown][] = []) => ({ kind: 'item', value, params: new Map(params) })
const int = (value: number) => ({ type: 'integer', value })

describe('structured fields (RFC 9651)', () => {
  it('reads a list of items with parameters', () => {
    expect(parseList('"default";q=100;w=60, burst;q=10;w=1.5')).toEqual([
      item({ type: 'string', value: 'default' }, [
        ['q', int(100)],
        ['w', int(60)],
      ]),
      item({ type: 'token', value: 'burst' }, [
        ['q', int(10)],
        ['w', { type: 'decimal', value: 1.5 }],
      ]),
    ])
  })

  it('reads every bare item type', () => {
    expect(
      parseList('-7, 2.125, "a \\"q\\" \\\\", *tok/en:1, :aGk=:, ?0, ?1, @1700000000, %"caf%c3%a9"')?.map(
        (member) => member.kind === 'item' && member.value,
      ),
    ).toEqual([
      int(-7),
      { type: 'decimal', value: 2.125 },
      { type: 'string', value: 'a "q" \\' },
      { type: 'token', value: '*tok/en:1' },
      { type: 'bytes', value: 'aGk=' },
      { type: 'boolean', value: false },
      { type: 'boolean', value: true },
      { type: 'date', value: 1700000000 },
      { type: 'display', value: 'café' },
    ])
  })

  it('reads inner lists, bare parameters, empty fields and whitespace around members', () => {
    expect(parseList('  (1 2);a, x;flag ,\ty ')).toEqual([
      { kind: 'inner-list', items: [item(int(1)), item(int(2))], params: new Map([['a', { type: 'boolean', value: true }]]) },
      item({ type: 'token', value: 'x' }, [['flag', { type: 'boolean', value: true }]]),
      item({ type: 'token', value: 'y' }),
    ])
    expect(parseList('')).toEqual([])
  })

  it('reads a dictionary, a later key winning', () => {
    expect(parseDictionary('limit=100, remaining=50, reset=5, remaining=4, on')).toEqual(
      new Map([
        ['limit', item(int(100))],
        ['remaining', item(int(4))],
        ['reset', item(int(5))],
        ['on', item({ type: 'boolean', value: true })],
      ]),
    )
  })

  it.each([
    ['a trailing comma', '1, 2,'],
    ['an empty member', '1,,2'],
    ['a 16-digit integer', '1234567890123456'],
    ['a decimal with 4 fraction digits', '1.2345'],
    ['a decimal ending in a dot', '1.'],
    ['a lone minus', '-'],
    ['an unterminated string', '"abc'],
    ['a bad escape', '"a\\n"'],
    ['a non-ASCII string', '"café"'],
    ['an upper-case key', 'a;Q=1'],
    ['garbage after an item', '"x" y'],
    ['an unclosed inner list', '(1 2'],
    ['a bad boolean', '?2'],
    ['bad base64', ':a$:'],
    ['a decimal date', '@1.5'],
    ['a stray character', '1;q=1 ]'],
  ])('refuses %s', (_why, text) => {
    expect(parseList(text)).toBeNull()
  })

  it('refuses a list where a dictionary is wanted, and a dictionary where a list is', () => {
    expect(parseDictionary('"default";r=1')).toBeNull()
    expect(parseList('limit=100')).toBeNull()
  })
})
