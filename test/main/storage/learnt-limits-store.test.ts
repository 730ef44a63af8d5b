import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { LearntLimitsStore, learntLimitKeptMs } from '../../../src/main/settings/learnt-limits-store'
import { seededRandom } from '../../../src/sandbox/faults'

let dir: string
const now = 1_800_000_000_000
const service = 'https://api.example.com'

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-learnt-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function reopened(): Promise<LearntLimitsStore> {
  const store = new LearntLimitsStore(dir)
  expect(await store.load()).toBeNull()
  return store
}

it('keeps what each account learnt for the next start, on the service it was learnt on', async () => {
  const store = await reopened()
  store.remember('production/default', service, { limit: 42.5, inFlightCap: null, reached: null, learntAt: now })
  store.remember('production/shop-fr', service, { limit: null, inFlightCap: 6, reached: null, learntAt: now })
  store.remember('production/shop-de', service, { limit: null, inFlightCap: null, reached: 140, learntAt: now })
  await store.save()
  const next = await reopened()
  expect(next.recall('production/shop-de', service, now)).toEqual({ limit: null, inFlightCap: null, reached: 140, learntAt: now })
  expect(next.recall('production/default', service, now + 60_000)).toEqual({ limit: 42.5, inFlightCap: null, reached: null, learntAt: now })
  expect(next.recall('production/shop-fr', service, now)).toEqual({ limit: null, inFlightCap: 6, reached: null, learntAt: now })
  // The environment pointed at another service since: its limit is not this one's.
  expect(next.recall('production/default', 'https://other.example.com', now)).toBeNull()
  expect(next.recall('operator/default', service, now)).toBeNull()
})

it('reads a file written before the rate reached was kept', async () => {
  const accounts = { 'production/default': { service, limit: null, inFlightCap: 4, learntAt: now } }
  await writeFile(join(dir, 'learnt-limits.json'), JSON.stringify({ version: 1, accounts }))
  expect((await reopened()).recall('production/default', service, now)).toEqual({
    limit: null,
    inFlightCap: 4,
    reached: null,
    learntAt: now,
  })
})

it('does not start from a limit learnt more than a week ago, or stamped far ahead of the clock', async () => {
  const store = await reopened()
  store.remember('production/default', service, { limit: 10, inFlightCap: null, reached: null, learntAt: now })
  expect(store.recall('production/default', service, now + learntLimitKeptMs - 1)).not.toBeNull()
  expect(store.recall('production/default', service, now + learntLimitKeptMs + 1)).toBeNull()
  expect(store.recall('production/default', service, now - 2 * 24 * 3_600_000)).toBeNull()
})

it('writes nothing when nothing changed, and the same limit learnt again changes nothing', async () => {
  const store = await reopened()
  await store.save()
  expect(await readdir(dir)).toEqual([])
  store.remember('production/default', service, { limit: 10, inFlightCap: null, reached: null, learntAt: now })
  await store.save()
  const written = await readFile(store.path, 'utf8')
  store.remember('production/default', service, { limit: 10, inFlightCap: null, reached: null, learntAt: now + 5_000 })
  await store.save()
  expect(await readFile(store.path, 'utf8')).toBe(written)
})

// Anyone who can write to the data folder can put anything in the file: nothing in it may stop the
// app, slow it past what the user set (the ceiling still holds), or be lost without a word.
const hostile: [string, string][] = [
  ['not JSON', '{"version":1,'],
  [
    'a negative limit',
    JSON.stringify({
      version: 1,
      accounts: { 'production/default': { service, limit: -5, inFlightCap: null, reached: null, learntAt: now } },
    }),
  ],
  [
    'a limit as text',
    JSON.stringify({
      version: 1,
      accounts: { 'production/default': { service, limit: '1e309', inFlightCap: null, reached: null, learntAt: now } },
    }),
  ],
  [
    'a cap of zero',
    JSON.stringify({ version: 1, accounts: { 'production/default': { service, limit: 5, inFlightCap: 0, reached: null, learntAt: now } } }),
  ],
  ['a version from the future', JSON.stringify({ version: 2, accounts: {} })],
  ['a deeply nested value', `{"version":1,"accounts":${'['.repeat(50_000)}${']'.repeat(50_000)}}`],
]

it.each(hostile)('a file holding %s is set aside with a notice, and the accounts learn again', async (_, text) => {
  await writeFile(join(dir, 'learnt-limits.json'), text)
  const store = new LearntLimitsStore(dir)
  expect(await store.load()).toMatch(
    /could not be read and were moved aside as learnt-limits\.corrupt-.*\.json; each account learns its limit again/,
  )
  expect(store.recall('production/default', service, now)).toBeNull()
  const aside = (await readdir(dir)).find((name) => name.startsWith('learnt-limits.corrupt-'))
  expect(aside && (await readFile(join(dir, aside), 'utf8'))).toBe(text)
  store.remember('production/default', service, { limit: 8, inFlightCap: null, reached: null, learntAt: now })
  await store.save()
  expect((await reopened()).recall('production/default', service, now)?.limit).toBe(8)
})

it('a file edited to hold thousands of accounts keeps no more than 500, and a new account still finds room', async () => {
  const random = seededRandom(20261128)
  const accounts = Object.fromEntries(
    Array.from({ length: 5_000 }, (_, i) => [
      `production/a${i}`,
      { service, limit: 1 + random() * 400, inFlightCap: null, reached: null, learntAt: now - i },
    ]),
  )
  await writeFile(join(dir, 'learnt-limits.json'), JSON.stringify({ version: 1, accounts }))
  const store = await reopened()
  store.remember('production/new', service, { limit: 3, inFlightCap: null, reached: null, learntAt: now })
  await store.save()
  const kept = JSON.parse(await readFile(store.path, 'utf8')) as { accounts: Record<string, unknown> }
  expect(Object.keys(kept.accounts)).toHaveLength(500)
  expect(kept.accounts['production/new']).toBeDefined()
})

// Files drawn at random from values an editor, a bug or an attacker might leave: whatever the file
// holds, loading it never throws, and what is recalled is a start the throttle can take.
it('a file of any shape loads or is set aside, and recalls only limits within what the settings allow', async () => {
  const seed = 20261128
  const random = seededRandom(seed)
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T
  const numbers = [0, -1, 1e-9, 0.05, 0.5, 1, 7.25, 999, 1e6, 2e6, Number.MAX_VALUE, 1.5, 3]
  const anything = () => pick<unknown>([pick(numbers), null, 'x', true, [], {}, { limit: 1 }, pick(numbers) * 1e12])
  for (let file = 0; file < 200; file++) {
    const accounts: Record<string, unknown> = {}
    for (let i = 0; i < 1 + Math.floor(random() * 4); i++) {
      accounts[pick(['local/default', 'production/default', 'production/shop-fr', 'x'.repeat(400)])] = {
        service: pick(['local', service, '', 7]),
        limit: random() < 0.8 ? pick([...numbers, null]) : anything(),
        inFlightCap: random() < 0.8 ? pick([null, 1, 3, 0, 2.5, 20_000]) : anything(),
        // Absent in files written before it was kept.
        reached: random() < 0.3 ? undefined : random() < 0.8 ? pick([...numbers, null]) : anything(),
        learntAt: random() < 0.8 ? now - pick([0, 1, 3_600_000, -3_600_000, -3 * 24 * 3_600_000, 10 * 24 * 3_600_000]) : anything(),
      }
    }
    await writeFile(join(dir, 'learnt-limits.json'), JSON.stringify({ version: pick([1, 1, 1, 2, '1']), accounts }))
    const store = new LearntLimitsStore(dir)
    await store.load()
    for (const [account, entry] of Object.entries(accounts)) {
      const recalled = store.recall(account, (entry as { service: string }).service, now)
      if (recalled === null) continue
      const where = `seed ${seed}, file ${file}: ${JSON.stringify(entry)}`
      for (const rate of [recalled.limit, recalled.reached]) {
        if (rate !== null) expect(rate >= 1 && rate <= 1e6, where).toBe(true)
      }
      if (recalled.inFlightCap !== null) expect(Number.isInteger(recalled.inFlightCap) && recalled.inFlightCap >= 1, where).toBe(true)
      expect(recalled.learntAt, where).toBeLessThanOrEqual(now)
      expect(now - recalled.learntAt, where).toBeLessThanOrEqual(learntLimitKeptMs)
    }
  }
})
