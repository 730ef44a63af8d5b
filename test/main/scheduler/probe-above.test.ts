import { expect, it } from 'vitest'
import { initialModel, observe, type RateModel } from '../../../src/main/scheduler/rate-model'

// A probe above the learnt limit climbs as CUBIC's does. Counted in successes alone it runs away
// where a fixed window has room left over (a colleague's unused share): the higher it goes, the
// faster its successes come, and from twice the limit it reached the ceiling in under half a second,
// then met the window's end with dozens of requests in flight, each one a 429. Past twice the
// limit a success now counts for the time it took at twice the limit, so from there the probe grows
// with time.
it('past twice the limit, a probe grows with the time it has run, not with how fast its successes come', () => {
  const at = 1_700_000_000_000
  const ceiling = 10_000
  let model: RateModel = initialModel(100, ceiling)
  model = observe(model, { kind: 'rate-limited', at, sentAt: at, generation: 0, sentSeq: 1, rateBound: true })
  const limit = model.limit ?? 0
  expect(limit).toBeGreaterThan(0)
  let seq = 1
  const succeed = () => {
    seq += 1
    model = observe(model, { kind: 'ok', at, sentAt: at, generation: model.generation, sentSeq: seq, rateBound: true })
  }
  while (model.rate < 2 * limit && seq < 10_000) succeed()
  expect(model.phase).toBe('probe')
  // Half a second more of successes, each taking 1 / rate at the rate it was sent at.
  let seconds = 0
  while (seconds < 0.5 && model.rate < ceiling) {
    seconds += 1 / model.rate
    succeed()
  }
  expect(model.rate).toBeLessThan(8 * limit)
  // It still climbs: a limit that rose is found.
  expect(model.rate).toBeGreaterThan(2 * limit)
})

// A probe refused above the limit places it halfway between the limit and the rate the service
// saw. The climb's rate is what the law asked for, and a window counts what was sent: where the
// climb outran the sending (it climbs as successes come, and a second's window refuses only once
// its count is spent), the rate it reached was never seen. Layered windows (seed 44 of the
// generator: 79 per 1 s under 470 per 9 s) were placed at 144/s where 109 had been sent in the
// last second, and cut one 429 at a time from there: 17 429s in 2,091 requests.
it('a probe refused above the limit places it halfway to what was sent over the last second or two, not to the rate the climb reached', () => {
  const start = 1_700_000_000_000
  let model: RateModel = initialModel(100, 10_000)
  model = observe(model, { kind: 'rate-limited', at: start, sentAt: start, generation: 0, sentSeq: 1, rateBound: true })
  const limit = model.limit ?? 0
  // Sent at 1.2 times the limit, whatever the climb asks for, until it has asked for three times it.
  let seq = 1
  let at = start
  while (model.rate < 3 * limit && seq < 100_000) {
    seq += 1
    at += 1000 / (1.2 * limit)
    model = observe(model, { kind: 'ok', at, sentAt: at, generation: model.generation, sentSeq: seq, rateBound: true })
  }
  expect(model.phase).toBe('probe')
  const refused = observe(model, { kind: 'rate-limited', at, sentAt: at, generation: model.generation, sentSeq: seq + 1, rateBound: true })
  expect(refused.limit).toBeLessThan(((1.2 + 1) / 2) * limit * 1.02)
  expect(refused.limit).toBeGreaterThan(limit)
})
