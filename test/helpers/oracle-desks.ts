import { climbBack, overAllowed } from './desk-runs'
import type { LimiterRun } from './limiter-shapes'

/**
 * Two desks that know the limit, as no law learns it: what desks that share no clock can reach on
 * one key. Each sends its batch (desk B's twice desk A's, as `twoDesks` runs them) evenly at half
 * the allowed rate, a refused lookup going again at its desk's next turn; desk B's first turn is
 * `phase` of an interval after desk A's. A desk whose colleague has nothing left to send goes at
 * the whole allowed rate: it knows its colleague is done, as no desk does, so where desk B is the
 * one left, its climb back is the least the limiter allows. With `hop`, a desk that is refused
 * moves its next turn later by `hop()` of an interval (a draw in [0, 1)), as Ethernet's senders
 * back off at random.
 * No timers: each request reaches the limiter a millisecond after it is sent, as in `limiterFetch`,
 * and a limiter of requests in flight hears each answer at `latencyMs` plus `latencyJitter()`.
 */
export function oracleTwoDesks(
  draw: LimiterRun,
  headroom: number,
  options: { phase: number; hop: (() => number) | null; latencyJitter?: () => number },
): { shareA: number; together: number; climbSeconds: number | null; rate429: number } {
  const limiter = draw.make()
  const half = (ms: number) => (draw.limitAt(ms) * (1 - headroom)) / 2
  const interval = (ms: number, alone: boolean) => 1000 / (alone ? 2 * half(ms) : half(ms))
  const deskA = { next: 0, left: draw.lookups, okAt: [] as number[] }
  const deskB = { next: options.phase * interval(0, false), left: draw.lookups * 2, okAt: [] as number[] }
  const desks = [deskA, deskB]
  // When each admitted request is answered, earliest first: a cap on requests in flight frees a place then.
  const answers: number[] = []
  let requests = 0
  let refused = 0
  // Every limiter drawn admits again in time; one that refused for ever would otherwise spin here.
  const most = 100 * draw.lookups * 3
  for (;;) {
    if (requests > most) throw new Error(`${draw.name}: still refusing after ${most} requests`)
    const waiting = desks.filter((desk) => desk.left > 0)
    const desk = waiting.reduce<(typeof desks)[number] | null>((first, d) => (first === null || d.next < first.next ? d : first), null)
    if (desk === null) break
    const sentAt = desk.next
    const alone = waiting.length === 1
    const arrives = sentAt + 1
    while (answers.length > 0 && (answers[0] ?? 0) <= arrives) limiter.done?.(answers.shift() ?? 0)
    requests += 1
    if (limiter.decide(arrives).allowed) {
      const answeredAt = arrives + draw.latencyMs + (options.latencyJitter?.() ?? 0) + 1
      if (limiter.done !== undefined) {
        const at = answers.findIndex((t) => t > answeredAt)
        answers.splice(at < 0 ? answers.length : at, 0, answeredAt)
      }
      desk.okAt.push(answeredAt)
      desk.left -= 1
      desk.next = sentAt + interval(sentAt, alone)
    } else {
      refused += 1
      desk.next = sentAt + interval(sentAt, alone) * (1 + (options.hop?.() ?? 0))
    }
  }
  // Answers come back out of the order they were sent in when their latency jitters.
  deskB.okAt.sort((x, y) => x - y)
  const endA = deskA.okAt.reduce((last, t) => Math.max(last, t), 0)
  const bothA = deskA.okAt.length
  const bothB = deskB.okAt.filter((t) => t <= endA).length
  return {
    shareA: bothA / Math.max(1, bothA + bothB),
    together: overAllowed(draw, headroom, bothA + bothB, endA),
    climbSeconds: climbBack(deskB.okAt, endA, draw, headroom),
    rate429: refused / Math.max(1, requests),
  }
}
