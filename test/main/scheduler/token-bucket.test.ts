import { describe, expect, it } from 'vitest'
import { TokenBucket } from '../../../src/main/scheduler/token-bucket'

function clock(start = 1_000): { now: () => number; advance: (ms: number) => void; set: (ms: number) => void } {
  let t = start
  return {
    now: () => t,
    advance: (ms) => {
      t += ms
    },
    set: (ms) => {
      t = ms
    },
  }
}

describe('TokenBucket', () => {
  it('starts full and hands out whole tokens until empty', () => {
    const c = clock()
    const bucket = new TokenBucket({ rate: 10, burst: 3, now: c.now })
    expect(bucket.tokens()).toBe(3)
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false])
  })

  it('says how long until the next token, at the rate', () => {
    const c = clock()
    const bucket = new TokenBucket({ rate: 10, burst: 1, now: c.now, tokens: 0 })
    expect(bucket.timeUntilToken()).toBeCloseTo(100)
    c.advance(40)
    expect(bucket.tokens()).toBeCloseTo(0.4)
    expect(bucket.timeUntilToken()).toBeCloseTo(60)
    expect(bucket.take()).toBe(false)
    c.advance(60)
    expect(bucket.timeUntilToken()).toBe(0)
    expect(bucket.take()).toBe(true)
    expect(bucket.tokens()).toBeCloseTo(0)
  })

  it('lends one token at most, and says how long until the one lent is earned', () => {
    const c = clock()
    const bucket = new TokenBucket({ rate: 10, burst: 1, now: c.now, tokens: 0.25 })
    expect(bucket.timeUntilBorrow()).toBe(0)
    expect(bucket.borrow()).toBe(true)
    expect(bucket.timeUntilBorrow()).toBeCloseTo(75)
    expect(bucket.borrow()).toBe(false)
    c.advance(75)
    expect(bucket.timeUntilBorrow()).toBe(0)
    expect(bucket.borrow()).toBe(true)
  })

  it('refills no further than the burst', () => {
    const c = clock()
    const bucket = new TokenBucket({ rate: 50, burst: 5, now: c.now, tokens: 0 })
    c.advance(60_000)
    expect(bucket.tokens()).toBe(5)
  })

  it('keeps tokens earned at the old rate when the rate changes', () => {
    const c = clock()
    const bucket = new TokenBucket({ rate: 10, burst: 10, now: c.now, tokens: 0 })
    c.advance(200)
    bucket.setRate(100)
    expect(bucket.tokens()).toBeCloseTo(2)
    c.advance(10)
    expect(bucket.tokens()).toBeCloseTo(3)
    expect(bucket.rate).toBe(100)
  })

  it('trims the tokens to a smaller burst and can be emptied', () => {
    const c = clock()
    const bucket = new TokenBucket({ rate: 10, burst: 10, now: c.now })
    bucket.setBurst(4)
    expect(bucket.tokens()).toBe(4)
    expect(bucket.burst).toBe(4)
    bucket.empty()
    expect(bucket.tokens()).toBe(0)
    expect(bucket.timeUntilToken()).toBeCloseTo(100)
  })

  it('earns nothing, and loses nothing, when the clock steps back', () => {
    const c = clock(10_000)
    const bucket = new TokenBucket({ rate: 10, burst: 10, now: c.now, tokens: 2 })
    c.set(5_000)
    expect(bucket.tokens()).toBe(2)
    c.advance(100)
    expect(bucket.tokens()).toBeCloseTo(3)
  })

  it('refuses a rate or burst that is not a positive number', () => {
    const c = clock()
    expect(() => new TokenBucket({ rate: 0, burst: 1, now: c.now })).toThrow(RangeError)
    expect(() => new TokenBucket({ rate: 1, burst: Number.NaN, now: c.now })).toThrow(RangeError)
    const bucket = new TokenBucket({ rate: 1, burst: 1, now: c.now })
    expect(() => {
      bucket.setRate(-1)
    }).toThrow(RangeError)
  })
})
