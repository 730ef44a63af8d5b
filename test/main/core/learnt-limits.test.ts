import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AppCore } from '../../../src/main/app-core'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { bulkIds, reopenCore, waitForStatus } from '../batch/batch-helpers'

// The whole app, twice on one data folder, against the local sandbox limited to 8 requests a
// second with no burst: the first run learns the limit from 429s; the next starts from it.

let sandbox: RunningSandbox
let dir: string

beforeAll(async () => {
  sandbox = await startSandbox({ bulkPayments: 60, rateLimit: { rate: 8, burst: 1 } })
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-learnt-core-'))
})
afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

/** Whether each request of the batch was refused, in the order sent. */
async function batchOf(core: AppCore, ids: string[]): Promise<boolean[]> {
  const started = core.requestLog.snapshot().length
  const job = await core.batches.start(ids, 'learn')
  await waitForStatus(core, job.id, 'completed', 60_000)
  return core.requestLog
    .snapshot()
    .slice(started)
    .map((entry) => entry.rateLimited)
}

const refusals = (answers: boolean[]) => answers.filter(Boolean).length

it('the next start of the app begins at the limit the last one learnt, shows where it came from, and does not learn it again from 429s', async () => {
  const first = await reopenCore(dir, sandbox)
  expect(first.scheduler.state().resumedFrom).toBeNull()
  const firstRun = await batchOf(first, bulkIds(1, 30))
  const learnt = first.scheduler.state().learnedLimit
  // From 20/s, the first run meets the limit within its first requests.
  expect(refusals(firstRun.slice(0, 10))).toBeGreaterThan(0)
  expect(learnt).not.toBeNull()
  await first.close()
  const file = JSON.parse(await readFile(join(dir, 'learnt-limits.json'), 'utf8')) as { accounts: Record<string, { limit: number }> }
  expect(file.accounts['local/default']?.limit).toBe(learnt)

  // A restart takes a moment: the sandbox's bucket, which has no burst, is not still empty from the last request.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const next = await reopenCore(dir, sandbox)
  const resumed = next.scheduler.state()
  expect(resumed).toMatchObject({ learnedLimit: learnt, limitSource: 'probing', phase: 'hold' })
  expect(resumed.resumedFrom).not.toBeNull()
  const nextRun = await batchOf(next, bulkIds(31, 60))
  // It starts under the limit it knows: no 429 until it probes above it, once it has climbed back.
  expect(refusals(nextRun.slice(0, 10))).toBe(0)
  expect(refusals(nextRun)).toBeLessThan(refusals(firstRun))
  await next.close()
}, 120_000)

// learnt-limits.json edited to say the service allows a request every eleven days: the file is
// well formed, and a start from it held every lookup ten seconds (the law's floor of 0.1/s).
it('a hand-edited memory of a limit far below anything the settings allow does not slow lookups past a second', async () => {
  const edited = await mkdtemp(join(tmpdir(), 'payments-desk-learnt-edited-'))
  const accounts = { 'local/default': { service: 'local', limit: 1e-6, inFlightCap: null, learntAt: Date.now() } }
  await writeFile(join(edited, 'learnt-limits.json'), JSON.stringify({ version: 1, accounts }))
  // A service that limits nothing: any wait is the throttle's own.
  const open = await startSandbox({ bulkPayments: 3, rateLimit: { rate: 0 } })
  const core = await reopenCore(edited, open)
  try {
    expect(core.scheduler.state().learnedLimit).toBe(1)
    const waits: number[] = []
    for (const id of bulkIds(1, 3)) {
      const started = Date.now()
      await core.payments.get(id)
      waits.push(Date.now() - started)
    }
    for (const wait of waits) expect(wait).toBeLessThan(2_000)
  } finally {
    await core.close()
    await open.close()
    await rm(edited, { recursive: true, force: true })
  }
}, 60_000)

// A run that met no limit learnt no limit, but every step of its doubling passed: the next start
// goes on from where it reached, through the file, rather than from 20/s again.
it('after a run that met no limit, the next start of the app begins at the rate the last one reached', async () => {
  const fresh = await mkdtemp(join(tmpdir(), 'payments-desk-learnt-reached-'))
  const open = await startSandbox({ bulkPayments: 60, rateLimit: { rate: 0 } })
  try {
    const first = await reopenCore(fresh, open)
    const firstRun = await batchOf(first, bulkIds(1, 60))
    expect(refusals(firstRun)).toBe(0)
    const reached = first.scheduler.state().rate
    expect(reached).toBeGreaterThan(first.scheduler.config().initialRate)
    await first.close()
    const file = JSON.parse(await readFile(join(fresh, 'learnt-limits.json'), 'utf8')) as {
      accounts: Record<string, { limit: number | null; reached: number | null }>
    }
    expect(file.accounts['local/default']).toMatchObject({ limit: null, reached })

    const next = await reopenCore(fresh, open)
    expect(next.scheduler.state()).toMatchObject({ rate: reached, learnedLimit: null, limitSource: 'none', phase: 'discover' })
    expect(next.scheduler.state().resumedFrom).not.toBeNull()
    await next.close()
  } finally {
    await open.close()
    await rm(fresh, { recursive: true, force: true })
  }
}, 60_000)
