// `npm run bench -- startup`: the built renderer's cold start in Chromium, today's build against a baseline.
//
// Two out folders are compared in the same run, runs interleaved so machine load hits both alike:
//   current:  out/renderer of this tree (run `npx electron-vite build` first), or STARTUP_CURRENT=<renderer folder>
//   baseline: STARTUP_BASELINE=<renderer folder>, else /tmp/startup-baseline/out/renderer, which the bench
//             builds when missing from the commit before the fast-start change (STARTUP_BASELINE_COMMIT overrides):
//               git worktree add --detach /tmp/startup-baseline <commit>
//               ln -s "$PWD/node_modules" /tmp/startup-baseline/node_modules
//               (cd /tmp/startup-baseline && npx electron-vite build)
//             Remove it with `git worktree remove --force /tmp/startup-baseline`.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { createAppCore, type AppCore } from '../src/main/app-core'
import { createMemoryStore } from '../src/main/secrets/keychain'
import { startSandbox } from '../src/sandbox'
import { bridge } from '../test/e2e/bridge'
import { serveRenderer } from '../test/e2e/static-server'
import { median, round } from './stats'

const runs = Number(process.env.STARTUP_RUNS ?? 10)
const repo = join(import.meta.dirname, '..')
/** The last commit before the renderer was minified and split per view. */
const baselineCommit = process.env.STARTUP_BASELINE_COMMIT ?? '42f7664'
const baselineTree = '/tmp/startup-baseline'
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

// Runs in the page before any of its scripts (kept as text: this file is type-checked without the DOM's
// types). The bench types into the page from navigation on; whenever a payment ID field appears it
// takes focus, and the first keystroke that lands in it marks the start as done: the field exists and
// the page was free to handle the key. performance.now() counts from navigation start.
// The build prerenders the start screen into index.html and React takes the field over later; the
// first keystroke that lands in the field React drew (the lookup runs from there) is "ready". In a
// build without the prerendered screen both are the same keystroke.
const markInteractive = `(() => {
  const isField = (input) => input instanceof HTMLInputElement && !input.disabled && !input.readOnly &&
    [...(input.labels ?? [])].some((label) => label.textContent.trim().startsWith('Payment ID'))
  const isReacts = (input) => Object.keys(input).some((key) => key.startsWith('__reactProps$'))
  const observer = new MutationObserver(() => {
    const field = [...document.querySelectorAll('input')].find(isField)
    if (field && !isField(document.activeElement)) field.focus()
  })
  observer.observe(document, { childList: true, subtree: true, attributes: true })
  let interactive = false
  document.addEventListener('input', (event) => {
    if (!isField(event.target)) return
    if (!interactive) console.debug('startup-interactive', performance.now())
    interactive = true
    if (!isReacts(event.target)) return
    console.debug('startup-ready', performance.now())
    observer.disconnect()
  }, { capture: true })
})()`

interface Sample {
  interactiveMs: number
  readyMs: number
  jsGzip: number
  cssGzip: number
  files: string[]
}

async function ensureBaseline(): Promise<string> {
  const given = process.env.STARTUP_BASELINE
  if (given) return given
  const folder = join(baselineTree, 'out/renderer')
  if (existsSync(folder)) return folder
  console.error(`bench startup: building the baseline (${baselineCommit}) in ${baselineTree}`)
  execFileSync('git', ['worktree', 'add', '--detach', baselineTree, baselineCommit], { cwd: repo, stdio: 'inherit' })
  await symlink(join(repo, 'node_modules'), join(baselineTree, 'node_modules'))
  execFileSync('npx', ['electron-vite', 'build'], { cwd: baselineTree, stdio: 'inherit' })
  return folder
}

/** One cold start: a new Chromium on a fresh profile, the page bridged to the core as in the e2e tests. */
async function coldStart(root: string, core: AppCore): Promise<Sample> {
  const server = await serveRenderer(root)
  const profile = await mkdtemp(join(tmpdir(), 'payments-desk-startup-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    viewport: { width: 1280, height: 800 },
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const unbridge = await bridge(page, core)
    await page.addInitScript(markInteractive)
    const files = new Set<string>()
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (/\.(js|css)$/.test(path)) files.add(path)
    })
    const marks = new Map<string, number>()
    const ready = new Promise<void>((resolve, reject) => {
      const stuck = setTimeout(() => {
        reject(new Error(`${root}: no keystroke reached the payment ID field within 30 s`))
      }, 30_000)
      page.on('console', (message) => {
        if (process.env.STARTUP_DEBUG) console.error(`page: ${message.text()}`)
        const [mark, at] = message.text().split(' ')
        if (!mark?.startsWith('startup-') || marks.has(mark)) return
        marks.set(mark, Number(at))
        if (mark !== 'startup-ready') return
        clearTimeout(stuck)
        resolve()
      })
    })
    // Keystrokes straight through the DevTools protocol: nothing runs in the page to send them.
    const cdp = await context.newCDPSession(page)
    // Not awaited: the browser acknowledges a key only once the page has handled it, and a key sent
    // while the document is being replaced is never acknowledged.
    // From the moment the new document is committed (a key sent while it replaces the old one is lost).
    await page.goto(server.url, { waitUntil: 'commit' })
    const typing = setInterval(() => {
      cdp.send('Input.insertText', { text: 'x' }).catch(() => undefined)
    }, 5)
    await ready.finally(() => {
      clearInterval(typing)
    })
    const interactiveMs = marks.get('startup-interactive') ?? Number.NaN
    const readyMs = marks.get('startup-ready') ?? Number.NaN
    // What the first screen loads, prefetches included: everything until the network settles.
    await page.waitForLoadState('networkidle')
    const field = page.getByRole('textbox', { name: 'Payment ID' })
    // Every key typed went into the one field, the prerendered one's carried over into React's.
    const typed = await field.inputValue()
    if (!/^x+$/.test(typed)) throw new Error(`${root}: the payment ID field holds ${JSON.stringify(typed)}, not the keys typed`)
    await field.fill('pay_startup')
    if ((await field.inputValue()) !== 'pay_startup') throw new Error(`${root}: the payment ID field did not take input`)
    unbridge()
    let jsGzip = 0
    let cssGzip = 0
    for (const file of files) {
      const size = gzipSync(await readFile(join(root, file))).length
      if (file.endsWith('.js')) jsGzip += size
      else cssGzip += size
    }
    return { interactiveMs, readyMs, jsGzip, cssGzip, files: [...files].sort() }
  } finally {
    await context.close()
    await server.close()
    await rm(profile, { recursive: true, force: true })
  }
}

function summary(samples: Sample[]): Record<string, unknown> {
  const first = samples[0]
  return {
    jsKbGzip: round((first?.jsGzip ?? 0) / 1000, 1),
    cssKbGzip: round((first?.cssGzip ?? 0) / 1000, 1),
    interactiveMs: round(median(samples.map((s) => s.interactiveMs)), 1),
    interactiveMsAll: samples.map((s) => round(s.interactiveMs, 1)),
    readyMs: round(median(samples.map((s) => s.readyMs)), 1),
    files: first?.files ?? [],
  }
}

/**
 * JS and CSS (gzip) the first screen loads, and the median time from navigation start to the payment ID
 * field accepting input, over ten cold starts of each build.
 */
export async function benchStartup(): Promise<Record<string, unknown>> {
  const current = process.env.STARTUP_CURRENT ?? join(repo, 'out/renderer')
  const baseline = await ensureBaseline()
  const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-startup-data-'))
  const sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  const core = await createAppCore({
    dataDir,
    secrets: createMemoryStore(),
    localService: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
    isTrustedSender: () => true,
  })
  try {
    const before: Sample[] = []
    const after: Sample[] = []
    for (let i = 0; i < runs; i++) {
      before.push(await coldStart(baseline, core))
      after.push(await coldStart(current, core))
      console.error(`bench startup: run ${i + 1}/${runs}`)
    }
    const today = summary(before)
    const next = summary(after)
    return {
      runs,
      baseline: { folder: baseline, ...today },
      current: { folder: current, ...next },
      interactiveRatio: round(Number(next.interactiveMs) / Number(today.interactiveMs), 3),
      readyRatio: round(Number(next.readyMs) / Number(today.readyMs), 3),
      targets: { jsKbGzip: 300, interactiveRatio: 0.4 },
    }
  } finally {
    await core.close()
    await sandbox.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
