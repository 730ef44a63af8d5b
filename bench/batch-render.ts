import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAppCore } from '../src/main/app-core'
import { BatchFiles, newBatchJobId } from '../src/main/batch/batch-files'
import { createMemoryStore } from '../src/main/secrets/keychain'
import { startSandbox } from '../src/sandbox'
import type { BatchJob, BatchResult } from '../src/shared/contract/batch-schema'
import { declineCodes, explainDecline } from '../src/shared/decline-codes'
import { bridge } from '../test/e2e/bridge'
import { launchBrowser } from '../test/e2e/harness'
import { serveRenderer } from '../test/e2e/static-server'
import { median, round } from './stats'

const rows = 50_000
const runs = 7

function result(n: number): BatchResult {
  const failed = n % 3 === 0
  const code = failed ? (declineCodes[n % declineCodes.length] ?? null) : null
  return {
    id: `pay_bulk_${String(n).padStart(6, '0')}`,
    outcome: n % 97 === 0 ? 'not-found' : 'found',
    paymentStatus: failed ? 'failed' : 'settled',
    amount: 1_000 + n,
    currency: n % 2 === 0 ? 'EUR' : 'USD',
    paymentMethod: 'CARD',
    errorCode: code,
    retryable: code ? explainDecline(code).retryable : null,
    attemptedAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
    customerEmail: `customer${n}@example.com`,
    failure: null,
    at: Date.UTC(2026, 10, 21) + n,
  }
}

/** A data folder holding one finished batch of `rows` results, as the app writes them. */
async function dataDirWithBatch(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-render-'))
  const results = Array.from({ length: rows }, (_, i) => result(i + 1))
  const job: BatchJob = {
    // Batch files take only IDs of the shape the app gives.
    id: newBatchJobId(new Date()),
    label: '50,000 IDs',
    environment: 'local',
    account: { id: 'default', name: 'Default' },
    createdAt: Date.now(),
    total: rows,
    done: rows,
    status: 'completed',
    pauseReason: null,
    counts: { found: rows, notFound: 0, error: 0, failedPayments: 0 },
    rateLimited: 0,
  }
  await new BatchFiles(join(dataDir, 'batches')).create(
    job,
    results.map((r) => r.id),
  )
  await writeFile(join(dataDir, 'batches', job.id, 'results.jsonl'), `${results.map((r) => JSON.stringify(r)).join('\n')}\n`)
  return dataDir
}

// Runs in the page (kept as text: this file is type-checked without the DOM's types).
const measureScript = (selector: string): string => `new Promise((resolve) => {
  const nav = [...document.querySelectorAll('button')].find((b) => b.textContent.includes('Batch lookup'))
  const start = performance.now()
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(selector)})) return
    observer.disconnect()
    requestAnimationFrame(() => resolve(performance.now() - start))
  })
  observer.observe(document.body, { childList: true, subtree: true })
  nav.click()
})`

/**
 * Time for the Batch screen to show a 50,000-row result table in Chromium: from the
 * click that opens the screen, with the results already in the renderer, to the frame
 * after the first row is in the page.
 */
export async function benchBatchRender(rendererRoot = join(import.meta.dirname, '../out/renderer')): Promise<Record<string, unknown>> {
  const dataDir = await dataDirWithBatch()
  const sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  const core = await createAppCore({
    dataDir,
    secrets: createMemoryStore(),
    localService: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
    isTrustedSender: () => true,
  })
  const server = await serveRenderer(rendererRoot)
  const browser = await launchBrowser()
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    const unbridge = await bridge(page, core)
    await page.goto(server.url)
    // The prerendered start screen's buttons do nothing until the app has taken over.
    await page.locator('#start-screen').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /Batch lookup/ }).click()
    await page.getByRole('button', { name: 'Open 50,000 IDs' }).click()
    const firstRow = 'table[aria-label="Batch results"] tr[data-outcome]'
    await page.locator(firstRow).first().waitFor({ timeout: 120_000 })
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      await page.getByRole('button', { name: /^Payments/ }).click()
      await page.locator(firstRow).first().waitFor({ state: 'detached' })
      times.push(await page.evaluate<number>(measureScript(firstRow)))
    }
    const shown = await page.locator(firstRow).count()
    unbridge()
    return { rows, runs, renderMs: round(median(times), 1), renderMsAll: times.map((t) => round(t, 1)), rowsInPage: shown, target: 200 }
  } finally {
    await browser.close()
    await server.close()
    await core.close()
    await sandbox.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
