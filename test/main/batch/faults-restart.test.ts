import type { ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppCore, type AppCore } from '../../../src/main/app-core'
import { createMemoryStore } from '../../../src/main/secrets/keychain'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { call } from '../../helpers/sandbox-client'
import { waitFor } from '../../helpers/wait-for'
import { startBatchChild } from './batch-child-process'
import { bulkIds, expectOneResultEach, jobOf, readResultsFile, resultsPath, waitForStatus } from './batch-helpers'

// The whole of what can go wrong at once: 5,000 IDs against a service that answers 10%
// of requests with a 500, cuts 5% of connections and has a rate limit the app does not
// know (so it meets 429s while it learns), with the app killed (SIGKILL, no chance to
// save anything) a third of the way through, then started again on the same data folder
// and resumed under the same faults. Every ID must end with exactly one result.
//
// RELIABILITY_FIGURES=<file> writes the run's figures there as JSON.

const total = 5_000
const killAt = 1_500
// Above the service's limit, so the app has to find the limit by meeting it.
const throttle = { ceiling: 1_000, initialRate: 400, concurrency: 32 }

interface SandboxStats {
  requests: number
  rateLimited: number
  faults: { error: number; reset: number; malformed: number }
}

async function sandboxStats(sandbox: RunningSandbox): Promise<SandboxStats> {
  return ((await call(sandbox, 'GET', '/sandbox/state')).json as { stats: SandboxStats }).stats
}

async function lineCount(file: string): Promise<number> {
  const text = await readFile(file, 'utf8').catch(() => '')
  return text.split('\n').length - 1
}

describe('a 5,000-ID batch under 500s, cut connections and 429s, killed mid-run and resumed', () => {
  let sandbox: RunningSandbox | undefined
  let child: ChildProcess | undefined
  let core: AppCore | undefined
  let dataDir: string | undefined

  afterEach(async () => {
    child?.kill('SIGKILL')
    await core?.close()
    await sandbox?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    child = core = sandbox = dataDir = undefined
  })

  it('ends with exactly one result per ID, in memory and on disk, none looked up twice', async () => {
    sandbox = await startSandbox({
      bulkPayments: total,
      // A small burst: the app opens with 32 lookups at once, so each start (before and
      // after the kill) meets 429s whatever the machine's speed.
      rateLimit: { rate: 400, burst: 10 },
      faults: { errorRate: 0.1, resetRate: 0.05 },
      randomSeed: 20261121,
    })
    dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-faults-restart-'))
    const ids = bulkIds(1, total)
    const started = performance.now()

    const run = startBatchChild(dataDir, sandbox, ids, throttle)
    child = run.child
    const jobId = await run.jobId
    const file = resultsPath(dataDir, jobId)
    await waitFor(async () => (await lineCount(file)) >= killAt, {
      timeoutMs: 60_000,
      intervalMs: 5,
      what: `${killAt} results from the child`,
    })
    child.kill('SIGKILL')
    expect(await run.exited).toBe('SIGKILL')
    const killedAfterMs = performance.now() - started
    const atKill = await sandboxStats(sandbox)
    const beforeRestart = await readResultsFile(dataDir, jobId)
    // Killed part way: results on disk, the rest still to do, at most one line cut short.
    expect(beforeRestart.results.length).toBeGreaterThanOrEqual(killAt)
    expect(beforeRestart.results.length).toBeLessThan(total)
    expect(beforeRestart.broken.length).toBeLessThanOrEqual(1)
    expectOneResultEach(
      beforeRestart.results.map((r) => r.id),
      beforeRestart.results,
    )

    // The app starts again: its real retry policy, the same throttle, the same faults.
    core = await createAppCore({ dataDir, secrets: createMemoryStore(), localService: sandbox, isTrustedSender: () => true })
    core.scheduler.configure(throttle)
    expect(jobOf(core, jobId)).toMatchObject({ status: 'interrupted', total, done: beforeRestart.results.length })
    const resumedAt = performance.now()
    expect((await core.batches.resume(jobId)).status).toBe('running')
    const done = await waitForStatus(core, jobId, 'completed', 120_000)
    const resumeMs = performance.now() - resumedAt
    const totalMs = performance.now() - started
    const atEnd = await sandboxStats(sandbox)

    const inMemory = core.batches.results(jobId)
    expectOneResultEach(ids, inMemory)
    const onDisk = await readResultsFile(dataDir, jobId)
    expectOneResultEach(ids, onDisk.results)
    expect(onDisk.broken).toEqual(beforeRestart.broken)
    // What the kill had already saved went out no second time.
    const alreadyDone = new Set(beforeRestart.results.map((r) => r.id))
    const lookedUpAgain = core.requestLog
      .snapshot()
      .filter((entry) => entry.priority === 'batch' && alreadyDone.has(decodeURIComponent(entry.path.split('/').at(-1) ?? '')))
    expect(lookedUpAgain).toEqual([])

    // The faults did happen on both sides of the kill...
    expect(atKill.faults.error).toBeGreaterThan(50)
    expect(atKill.faults.reset).toBeGreaterThan(20)
    expect(atEnd.faults.error - atKill.faults.error).toBeGreaterThan(100)
    expect(atEnd.rateLimited).toBeGreaterThan(0)
    // ...and the retries absorbed them: an ID ends as an error only after four failures in a row.
    const errors = inMemory.filter((r) => r.outcome === 'error')
    for (const error of errors) expect(['server-error', 'network']).toContain(error.failure?.code)
    expect(errors.length).toBeLessThanOrEqual(total * 0.005)
    expect(done.counts).toMatchObject({ found: total - errors.length, notFound: 0, error: errors.length })

    const figures = {
      ids: total,
      killedAtResults: beforeRestart.results.length,
      cutLinesAtKill: beforeRestart.broken.length,
      killedAfterMs: Math.round(killedAfterMs),
      resumeMs: Math.round(resumeMs),
      totalMs: Math.round(totalMs),
      requests: atEnd.requests,
      answered429: atEnd.rateLimited,
      answered500: atEnd.faults.error,
      connectionsCut: atEnd.faults.reset,
      beforeKill: {
        requests: atKill.requests,
        answered429: atKill.rateLimited,
        answered500: atKill.faults.error,
        connectionsCut: atKill.faults.reset,
      },
      lookupErrors: errors.length,
      lookupErrorCodes: errors.map((r) => r.failure?.code),
      duplicated: 0,
      missing: 0,
    }
    if (process.env.RELIABILITY_FIGURES) await writeFile(process.env.RELIABILITY_FIGURES, `${JSON.stringify(figures, null, 2)}\n`)
  }, 200_000)
})
