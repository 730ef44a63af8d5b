import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from 'vitest'
import { createAppCore, type AppCore } from '../../../src/main/app-core'
import { createMemoryStore, type SecretStore } from '../../../src/main/secrets/keychain'
import { bulkPaymentId, type RunningSandbox } from '../../../src/sandbox'
import { batchResultSchema, type BatchJob, type BatchResult } from '../../../src/shared/contract/batch-schema'
import { throwOnUndeclared } from '../../helpers/app-core-fixture'
import { call } from '../../helpers/sandbox-client'
import { waitFor } from '../../helpers/wait-for'

/** pay_bulk_<from> ... pay_bulk_<to>, as the sandbox generates them with `bulkPayments`. */
export function bulkIds(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => bulkPaymentId(from + i))
}

/** IDs of the right shape that no sandbox payment has. */
export function unknownIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `pay_unknown_${String(i + 1).padStart(4, '0')}`)
}

export function resultsPath(dataDir: string, jobId: string): string {
  return join(dataDir, 'batches', jobId, 'results.jsonl')
}

/** What results.jsonl holds: the lines that are whole results, and those that are not (cut short by a kill). */
export async function readResultsFile(dataDir: string, jobId: string): Promise<{ results: BatchResult[]; broken: string[] }> {
  let text: string
  try {
    text = await readFile(resultsPath(dataDir, jobId), 'utf8')
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { results: [], broken: [] }
    throw error
  }
  const results: BatchResult[] = []
  const broken: string[] = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch {
      broken.push(line)
      continue
    }
    results.push(batchResultSchema.parse(json))
  }
  return { results, broken }
}

/** Exactly one result per ID, and none for anything else. */
export function expectOneResultEach(ids: string[], results: BatchResult[]): void {
  const counts = new Map<string, number>()
  for (const result of results) counts.set(result.id, (counts.get(result.id) ?? 0) + 1)
  const duplicated = [...counts].filter(([, count]) => count > 1).map(([id]) => id)
  const missing = ids.filter((id) => !counts.has(id))
  const extra = [...counts.keys()].filter((id) => !ids.includes(id))
  expect({ duplicated, missing: missing.slice(0, 10), extra }).toEqual({ duplicated: [], missing: [], extra: [] })
  expect(results).toHaveLength(ids.length)
}

export function jobOf(core: AppCore, jobId: string): BatchJob {
  const job = core.batches.list().find((candidate) => candidate.id === jobId)
  if (!job) throw new Error(`No batch ${jobId} in the list`)
  return job
}

export function waitForStatus(core: AppCore, jobId: string, status: BatchJob['status'], timeoutMs = 20_000): Promise<BatchJob> {
  return waitFor(
    () => {
      const job = jobOf(core, jobId)
      return job.status === status && job
    },
    { timeoutMs, what: `batch ${jobId} to be ${status}` },
  )
}

export function waitForDone(core: AppCore, jobId: string, atLeast: number, timeoutMs = 20_000): Promise<BatchJob> {
  return waitFor(
    () => {
      const job = jobOf(core, jobId)
      return job.done >= atLeast && job
    },
    { timeoutMs, what: `${atLeast} results in batch ${jobId}` },
  )
}

/**
 * A second core on an existing data folder, as the app is after a restart: an in-memory
 * keychain, which the local sandbox does not need.
 */
// One keychain per data folder, kept across reopenings as the OS keeps it across restarts
// (the audit log's key is there: a fresh keychain would report the log as unverifiable).
const keychains = new Map<string, SecretStore>()

export function reopenCore(dataDir: string, sandbox: { baseUrl: string; apiKey: string }): Promise<AppCore> {
  let secrets = keychains.get(dataDir)
  if (!secrets) {
    secrets = createMemoryStore()
    keychains.set(dataDir, secrets)
  }
  return createAppCore({
    dataDir,
    secrets,
    localService: sandbox,
    isTrustedSender: () => true,
    client: { retry: { baseDelayMs: 5, maxDelayMs: 50 } },
    onInternalError: throwOnUndeclared,
  })
}

/** Lets the throttle go as fast as the sandbox allows, where the rate is not what a test is about. */
export function unthrottle(core: AppCore): void {
  core.scheduler.configure({ ceiling: 1_000, initialRate: 1_000, concurrency: 32 })
}

/** `promise`, or a failure naming `what` once `ms` pass: for answers that must not hang. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`No answer within ${ms} ms: ${what}`))
    }, ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** API requests the sandbox has answered (or refused) so far. */
export async function sandboxRequests(sandbox: RunningSandbox): Promise<number> {
  const reply = await call(sandbox, 'GET', '/sandbox/state')
  return (reply.json as { stats: { requests: number } }).stats.requests
}

/** PUT /sandbox/<what>: its faults or its rate limit, changed mid-test. */
export async function configureSandbox(
  sandbox: RunningSandbox,
  what: 'faults' | 'rate-limit',
  body: Record<string, number>,
): Promise<void> {
  const reply = await call(sandbox, 'PUT', `/sandbox/${what}`, { body })
  expect(reply.status, reply.text).toBe(200)
}
