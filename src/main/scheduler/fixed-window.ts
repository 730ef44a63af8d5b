/**
 * A fixed window learnt from 429s that say nothing (no Retry-After, no rate-limit headers).
 * Such a service lets N requests through per window and refuses the rest until the window
 * ends, so the 429s come in blocks that stop at a window's boundary, and every block starts
 * after exactly N successes in its window. Pure: the model keeps the answers, this reads them.
 */

/** One answered request, by when it was sent (the service counts it on arrival, just after). */
export interface SentAnswer {
  sentAt: number
  ok: boolean
}

export interface FixedWindow {
  /** Requests let through per window. */
  limit: number
  windowMs: number
  /** One boundary between windows, epoch ms. */
  boundary: number
}

// Services name their windows in round lengths; a block's end places a boundary only within the
// pause it waited, so the length is taken as the shortest round one every block agrees with.
const longestWindowMs = 10_000
const roundWindowsMs = [1_000, 2_000, 5_000, longestWindowMs] as const
/** Answers kept: enough windows of the longest round length to see blocks in two of them. */
export const keptAnswersMs = 3 * longestWindowMs
const maxKept = 2_000

/** The answers with `answer` added, the old ones dropped. */
export function keepAnswer(answers: readonly SentAnswer[], answer: SentAnswer): readonly SentAnswer[] {
  const from = answer.sentAt - keptAnswersMs
  const kept = answers.length >= maxKept ? answers.slice(1) : answers
  return [...(kept[0] !== undefined && kept[0].sentAt < from ? kept.filter((a) => a.sentAt >= from) : kept), answer]
}

interface Block {
  /** The last refused request's sending, and the next one let through: a boundary lies between. */
  lastRefused: number
  nextOk: number
  refused: number
}

function blocksOf(sorted: readonly SentAnswer[]): Block[] {
  const blocks: Block[] = []
  let lastRefused: number | null = null
  let refused = 0
  for (const answer of sorted) {
    if (!answer.ok) {
      lastRefused = answer.sentAt
      refused += 1
    } else if (lastRefused !== null) {
      blocks.push({ lastRefused, nextOk: answer.sentAt, refused })
      lastRefused = null
      refused = 0
    }
  }
  return blocks
}

/** Where a boundary of `windowMs` can lie, near the last block, given every block: (low, high], or null. */
function boundaryRange(blocks: readonly Block[], windowMs: number): { low: number; high: number } | null {
  const last = blocks[blocks.length - 1]
  if (last === undefined) return null
  let { lastRefused: low, nextOk: high } = last
  for (const { lastRefused, nextOk } of blocks) {
    // A block longer than the window says nothing of where it ends.
    if (nextOk - lastRefused >= windowMs) continue
    const shift = Math.ceil((low + 1 - nextOk) / windowMs) * windowMs
    low = Math.max(low, lastRefused + shift)
    high = Math.min(high, nextOk + shift)
    if (low >= high) return null
  }
  return { low, high }
}

/**
 * The window, when the answers show one: at least two blocks of 429s, each ending at a
 * boundary of the same round window and each starting after the same count of successes in
 * its window, and no window letting more through. Otherwise null.
 */
export function inferFixedWindow(answers: readonly SentAnswer[]): FixedWindow | null {
  const sorted = [...answers].sort((a, b) => a.sentAt - b.sentAt)
  const blocks = blocksOf(sorted)
  if (blocks.length < 2) return null
  for (const windowMs of roundWindowsMs) {
    const range = boundaryRange(blocks, windowMs)
    if (range === null) continue
    // The boundary lies between a block's last 429 and the next success; where exactly decides
    // which window a request sent then fell in, so every place a request could start one is
    // tried, latest first: a pause until it is then never too short.
    const { low, high } = range
    const inRange = sorted.map(({ sentAt }) => sentAt + Math.ceil((low + 1 - sentAt) / windowMs) * windowMs).filter((b) => b < high)
    let best: FixedWindow | null = null
    // A boundary placed wrong splits a window's count in two: the one that explains the most is the right one.
    for (const boundary of [high, ...inRange.sort((a, b) => b - a)]) {
      const limit = consistentLimit(sorted, windowMs, boundary)
      if (limit !== null && (best === null || limit > best.limit)) best = { limit, windowMs, boundary }
    }
    if (best !== null) return best
  }
  return null
}

/**
 * Before a window is known, after one block of 429s: the latest the shortest round window can
 * next end after `at`, were the block a window's end. null unless the block held more than one
 * 429 (a bucket refills within the first pause) and placed its end within `spreadMs`.
 */
export function nextBoundaryAfterOneBlock(answers: readonly SentAnswer[], at: number, spreadMs: number): number | null {
  const blocks = blocksOf([...answers].sort((a, b) => a.sentAt - b.sentAt))
  const block = blocks[0]
  if (blocks.length !== 1 || block === undefined || block.refused < 2 || block.nextOk - block.lastRefused > spreadMs) return null
  const windowMs = roundWindowsMs[0]
  return block.nextOk + (Math.floor((at - block.nextOk) / windowMs) + 1) * windowMs
}

/**
 * N when the first 429 of every window that had one came after N successes in it (or one
 * more: answers sent together can arrive in either order) and no window let more through.
 */
function consistentLimit(sorted: readonly SentAnswer[], windowMs: number, boundary: number): number | null {
  const okIn = new Map<number, number>()
  const firstRefusal = new Map<number, number>()
  for (const { sentAt, ok } of sorted) {
    const window = Math.floor((sentAt - boundary) / windowMs)
    const count = okIn.get(window) ?? 0
    if (ok) okIn.set(window, count + 1)
    else if (!firstRefusal.has(window)) firstRefusal.set(window, count)
  }
  if (firstRefusal.size < 2) return null
  const limit = Math.min(...firstRefusal.values())
  const most = Math.max(...okIn.values(), ...firstRefusal.values())
  return limit > 0 && most <= limit + 1 ? limit : null
}

/** The next boundary after `at`. */
export function nextBoundary(window: FixedWindow, at: number): number {
  return window.boundary + Math.floor((at - window.boundary) / window.windowMs + 1) * window.windowMs
}

/** Successes sent in the window holding `at`, before it. */
export function okInWindow(answers: readonly SentAnswer[], window: FixedWindow, at: number): number {
  const start = nextBoundary(window, at) - window.windowMs
  return answers.filter((a) => a.ok && a.sentAt >= start && a.sentAt < at).length
}

/**
 * Ms until the next request may start under a learnt window, 0 when it may now: `budget`
 * requests per window, the ones left spread over the time left in it, no closer than
 * `minGapMs` (unless not `spread`: a lookup someone waits for). After a pause that ended mid-window (a Retry-After in whole seconds overshoots
 * the boundary) the window's allowance is still there: it goes out faster, as the service allows.
 */
export function untilNextInWindow(
  window: FixedWindow,
  starts: readonly number[],
  now: number,
  { budget, minGapMs, spread }: { budget: number; minGapMs: number; spread: boolean },
): number {
  const end = nextBoundary(window, now)
  const begun = end - window.windowMs
  let used = 0
  let last = Number.NEGATIVE_INFINITY
  for (const t of starts) {
    if (t >= begun) used += 1
    last = Math.max(last, t)
  }
  if (used + 1 > budget) return end - now
  if (!spread) return 0
  const gapMs = Math.max(minGapMs, (end - now) / (budget - used))
  return Math.max(0, last + gapMs - now)
}
