import { open as openFile, readFile, rm, statfs } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../src/main/app-core'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import type { BatchProgress } from '../../../src/shared/contract/batch-schema'
import { appSender } from '../../helpers/app-core-fixture'
import { diskTestsRun, mountSmallDisk, type SmallDisk } from '../../helpers/small-disk'
import { waitFor } from '../../helpers/wait-for'
import { bulkIds, expectOneResultEach, jobOf, readResultsFile, reopenCore, waitForDone, waitForStatus } from '../batch/batch-helpers'

// A real full disk and a real read-only data folder: a small tmpfs, filled up or
// remounted read-only under the running app. Every save must fail with a message that
// says why, the app must go on looking payments up, nothing may be counted as done that
// is not on disk, and once there is room again the work goes on where it stopped.

let sandbox: RunningSandbox
let disk: SmallDisk | undefined
const cores: AppCore[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ bulkPayments: 1_000, rateLimit: { rate: 0 } })
})
afterAll(async () => {
  await sandbox.close()
})
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close().catch(() => undefined)
  await disk?.unmount()
  disk = undefined
})

async function open(dataDir: string): Promise<{ core: AppCore; progress: BatchProgress[] }> {
  const core = await reopenCore(dataDir, sandbox)
  cores.push(core)
  const progress: BatchProgress[] = []
  core.subscribe((name, payload) => {
    if (name === 'batchProgress') progress.push(payload as BatchProgress)
  })
  return { core, progress }
}

function call(core: AppCore, name: Parameters<AppCore['dispatcher']['dispatch']>[0], request: unknown) {
  return core.dispatcher.dispatch(name, appSender, request)
}

function messageOf(result: unknown): string {
  return (result as { error?: { message?: string } }).error?.message ?? ''
}

/** Writes zeros until the disk refuses: from then on, nothing more fits. */
async function fill(path: string): Promise<string> {
  const filler = join(path, 'filler.bin')
  const handle = await openFile(filler, 'w')
  const block = Buffer.alloc(64 * 1024)
  try {
    for (;;) await handle.write(block)
  } catch (error) {
    expect(error).toMatchObject({ code: 'ENOSPC' })
  } finally {
    await handle.close()
  }
  expect((await statfs(path)).bavail).toBe(0)
  return filler
}

async function registerEndpoint(core: AppCore) {
  return call(core, 'registerWebhook', { url: 'http://127.0.0.1:9/hooks', connect: false })
}

describe.runIf(diskTestsRun)('a disk that fills up while the app runs (needs root to mount a tmpfs)', () => {
  it('pauses the batch saying the disk is full, refuses saves clearly, and finishes once there is room', async () => {
    disk = await mountSmallDisk(1_024)
    const { core, progress } = await open(disk.path)
    core.scheduler.configure({ ceiling: 200, initialRate: 200 })
    const ids = bulkIds(1, 1_000)
    const { id: jobId } = await core.batches.start(ids, 'full disk')
    await waitForDone(core, jobId, 50)

    const filler = await fill(disk.path)
    const paused = await waitForStatus(core, jobId, 'paused')
    expect(paused.pauseReason).toMatch(/^Paused: Could not save a result because the disk is full/)
    // The screen hears of it.
    await waitFor(() => progress.some((p) => p.id === jobId && p.status === 'paused' && p.pauseReason === paused.pauseReason), {
      what: 'a progress event with the pause',
    })
    // Nothing is counted that is not on disk.
    const onDisk = await readResultsFile(disk.path, jobId)
    expect(onDisk.broken.length).toBeLessThanOrEqual(1)
    expect(onDisk.results.map((r) => r.id).sort()).toEqual(
      core.batches
        .results(jobId)
        .map((r) => r.id)
        .sort(),
    )
    expect(jobOf(core, jobId).done).toBe(onDisk.results.length)

    // Lookups still work; every save says why it failed.
    expect(await call(core, 'getPayment', { id: 'pay_seed_card_declined' })).toMatchObject({ ok: true })
    const settings = await call(core, 'updateSettings', { theme: 'dark' })
    expect(settings).toMatchObject({ ok: false, error: { code: 'storage' } })
    expect(messageOf(settings)).toMatch(/^Could not save settings\.json because the disk is full/)
    const another = await call(core, 'batchStart', { ids: bulkIds(1, 2), label: 'no room' })
    expect(another).toMatchObject({ ok: false, error: { code: 'storage' } })
    expect(messageOf(another)).toContain('the disk is full')

    // The service returns a webhook secret once: with no room for the list, it must still be reachable.
    const registered = await registerEndpoint(core)
    expect(registered).toMatchObject({ ok: false, error: { code: 'storage' } })
    expect(messageOf(registered)).toContain('the disk is full')
    expect(messageOf(registered)).toMatch(/registered.*keychain.*reveal/i)
    const [endpoint] = await core.handlers.listWebhooks({})
    if (!endpoint) throw new Error('the registered endpoint is not listed')
    expect(await call(core, 'revealWebhookSecret', { endpointId: endpoint.id })).toMatchObject({
      ok: true,
      value: { secret: expect.stringMatching(/^whsec_/) as unknown },
    })

    // Room again: the batch resumes where it stopped, the settings save.
    await rm(filler)
    expect(await call(core, 'batchResume', { jobId })).toMatchObject({ ok: true })
    await waitForStatus(core, jobId, 'completed')
    expectOneResultEach(ids, core.batches.results(jobId))
    const final = await readResultsFile(disk.path, jobId)
    expectOneResultEach(ids, final.results)
    expect(await call(core, 'updateSettings', { theme: 'dark' })).toMatchObject({ ok: true })
    expect(JSON.parse(await readFile(join(disk.path, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'dark' })
    // The endpoint registered while the disk was full is saved with the next change to the list.
    expect(await registerEndpoint(core)).toMatchObject({ ok: true })
    const saved = JSON.parse(await readFile(join(disk.path, 'webhooks.json'), 'utf8')) as {
      endpoints: { id: string; revealedAt: number | null }[]
    }
    expect(saved.endpoints).toHaveLength(2)
    // Revealed once, and remembered as such.
    expect(saved.endpoints.find((e) => e.id === endpoint.id)?.revealedAt).toEqual(expect.any(Number))
  }, 30_000)
})

describe.runIf(diskTestsRun)('a data folder that turns read-only (needs root to mount a tmpfs)', () => {
  it('starts on it, shows what is there, looks payments up, and says each save failed because the folder is read-only', async () => {
    disk = await mountSmallDisk(1_024)
    const first = await open(disk.path)
    expect(await call(first.core, 'updateSettings', { theme: 'dark' })).toMatchObject({ ok: true })
    expect(await registerEndpoint(first.core)).toMatchObject({ ok: true })
    first.core.scheduler.configure({ ceiling: 100, initialRate: 100 })
    const ids = bulkIds(1, 300)
    const { id: jobId } = await first.core.batches.start(ids, 'read-only')
    await waitForDone(first.core, jobId, 30)
    await first.core.close()
    cores.splice(0)
    await disk.setReadOnly(true)

    const { core, progress } = await open(disk.path)
    const view = await call(core, 'getSettings', {})
    expect(view).toMatchObject({ ok: true, value: { settings: { theme: 'dark' }, notice: null } })
    expect(await call(core, 'listWebhooks', {})).toMatchObject({ ok: true, value: [{ url: 'http://127.0.0.1:9/hooks' }] })
    const interrupted = jobOf(core, jobId)
    expect(interrupted.status).toBe('interrupted')
    expect(await call(core, 'getPayment', { id: 'pay_seed_card_declined' })).toMatchObject({ ok: true })

    const settings = await call(core, 'updateSettings', { theme: 'light' })
    expect(messageOf(settings)).toMatch(/^Could not save settings\.json because the folder is read-only/)
    const started = await call(core, 'batchStart', { ids: bulkIds(1, 2), label: 'nowhere' })
    expect(messageOf(started)).toContain('because the folder is read-only')

    expect(await call(core, 'batchResume', { jobId })).toMatchObject({ ok: true })
    const paused = await waitForStatus(core, jobId, 'paused')
    expect(paused.pauseReason).toMatch(/^Paused: Could not save job\.json because the folder is read-only/)
    expect(paused.done).toBe(interrupted.done)
    await waitFor(() => progress.some((p) => p.id === jobId && p.status === 'paused'), { what: 'a progress event with the pause' })

    await disk.setReadOnly(false)
    expect(await call(core, 'batchResume', { jobId })).toMatchObject({ ok: true })
    await waitForStatus(core, jobId, 'completed')
    expectOneResultEach(ids, (await readResultsFile(disk.path, jobId)).results)
  }, 30_000)
})
