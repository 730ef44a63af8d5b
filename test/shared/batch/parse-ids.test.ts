import { describe, expect, it } from 'vitest'
import { parseIdList, splitCsvLine } from '../../../src/shared/batch/parse-ids'

describe('parseIdList: pasted lists', () => {
  it.each([
    ['newlines', 'pay_1\npay_2\npay_3'],
    ['commas', 'pay_1,pay_2,pay_3'],
    ['commas and spaces', 'pay_1, pay_2, pay_3'],
    ['semicolons', 'pay_1;pay_2;pay_3'],
    ['tabs', 'pay_1\tpay_2\tpay_3'],
    ['spaces', 'pay_1 pay_2   pay_3'],
    ['double quotes', '"pay_1" "pay_2" "pay_3"'],
    ['single quotes and backticks', "'pay_1' `pay_2` 'pay_3'"],
    ['a mix of everything', ' "pay_1",\tpay_2 ;\r\n\r\n pay_3 '],
    ['CRLF line ends', 'pay_1\r\npay_2\r\npay_3\r\n'],
    ['old Mac line ends', 'pay_1\rpay_2\rpay_3'],
    ['a byte order mark', '\uFEFFpay_1\npay_2\npay_3'],
    ['a header word on top', 'payment_id\npay_1\npay_2\npay_3'],
    ['a comma list over several lines', 'pay_1, pay_2\npay_3'],
  ])('reads %s', (_label, input) => {
    expect(parseIdList(input).ids).toEqual(['pay_1', 'pay_2', 'pay_3'])
  })

  it('collapses duplicates in first-seen order and counts them', () => {
    const parsed = parseIdList('pay_b pay_a pay_b pay_b pay_a pay_c')
    expect(parsed.ids).toEqual(['pay_b', 'pay_a', 'pay_c'])
    expect(parsed.duplicates).toBe(3)
  })

  it('sets invalid values apart with their line and reason, and never sends them', () => {
    const parsed = parseIdList(`pay_1\nhttps://dash.example.com/p/pay_2\npay_..3\n${'x'.repeat(200)}\npay_4`)
    expect(parsed.ids).toEqual(['pay_1', 'pay_4'])
    expect(parsed.invalid.map(({ line }) => line)).toEqual([2, 3, 4])
    expect(parsed.invalid[0]?.reason).toContain('"/"')
    expect(parsed.invalid[1]?.reason).toContain('".."')
    expect(parsed.invalid[2]?.reason).toContain('at most 128')
    expect(parsed.invalid[2]?.value.length).toBeLessThanOrEqual(80)
  })

  it('returns nothing for empty or blank input', () => {
    for (const input of ['', '   ', '\n\n\r\n', ',,,;;']) {
      expect(parseIdList(input)).toMatchObject({ ids: [], invalid: [], duplicates: 0 })
    }
  })
})

describe('parseIdList: CSV tables', () => {
  it('finds the ID column by its header among other columns, with a BOM and CRLF', () => {
    const csv =
      '\uFEFFdate,payment_id,amount,customer\r\n2026-11-01,pay_1,100,ada\r\n2026-11-02,"pay_2",200,grace\r\n2026-11-03,pay_3,300,"linus, jr"\r\n'
    const parsed = parseIdList(csv)
    expect(parsed).toMatchObject({ ids: ['pay_1', 'pay_2', 'pay_3'], format: 'csv', column: 'payment_id', invalid: [], blankLines: [] })
  })

  it.each([
    ['Payment ID', 'Payment ID;Amount\npay_1;10\npay_2;20'],
    ['paymentId', 'paymentId\tAmount\npay_1\t10\npay_2\t20'],
    ['id', 'amount,id\n10,pay_1\n20,pay_2'],
  ])('recognises the header %s and the delimiter', (column, csv) => {
    expect(parseIdList(csv)).toMatchObject({ ids: ['pay_1', 'pay_2'], column })
  })

  it('without a header, takes the column whose values look like IDs', () => {
    expect(parseIdList('2026-11-01,pay_1,100\n2026-11-02,pay_2,200')).toMatchObject({ ids: ['pay_1', 'pay_2'], column: 'column 2' })
  })

  it('skips a header that does not name the column but reads as one', () => {
    expect(parseIdList('when,reference,amount\n2026-11-01,pay_1,100\n2026-11-02,pay_2,200').ids).toEqual(['pay_1', 'pay_2'])
  })

  it('counts empty cells as blank and reports bad cells by line', () => {
    const parsed = parseIdList('payment_id,amount\npay_1,1\n,2\n"",3\npay/2,4\npay_1,5')
    expect(parsed).toMatchObject({ ids: ['pay_1'], blankLines: [3, 4], duplicates: 1 })
    expect(parsed.invalid).toEqual([expect.objectContaining({ value: 'pay/2', line: 5 })])
  })

  it('splits quoted cells with delimiters and escaped quotes inside', () => {
    expect(splitCsvLine('a,"b, c","say ""hi""", d ', ',')).toEqual(['a', 'b, c', 'say "hi"', 'd'])
  })
})

describe('parseIdList: size', () => {
  it('reads 50,000 IDs with duplicates', () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `pay_${String(i).padStart(6, '0')}`)
    const parsed = parseIdList(`payment_id\r\n${[...ids, ...ids.slice(0, 1000)].join('\r\n')}`)
    expect(parsed.ids).toHaveLength(50_000)
    expect(parsed.duplicates).toBe(1000)
    expect(parsed.ids[49_999]).toBe('pay_049999')
  })
})
