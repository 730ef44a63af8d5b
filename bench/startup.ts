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
import { chromium, type CDPSession, type Page } from 'playwright-core'
import { createAppCore, type AppCore } from '../src/main/app-core'
import { createMemoryStore } from '../src/main/secrets/keychain'
import { startSandbox } from '../src/sandbox'
import { bridge } from '../test/e2e/bridge'
import { serveRenderer } from '../test/e2e/static-server'
import type { BenchOptions, PromisedFields } from './quick'
import { median, round } from './stats'

const fullRuns = Number(process.env.STARTUP_RUNS ?? 10)
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
// types). The bench presses keys from navigation on and plays a user who clicks into the payment ID field
// as soon as a frame shows it (focusing it in that frame, not mid-parse: a focus() while the parser runs
// forces a layout the page never asked for). Once a key has landed in the field, keeping the focus there
// is the app's job: the bench stops helping. performance.now() counts from navigation start.
// "Interactive" is the first key that lands in the field after the browser has painted it: a key that
// lands in a field nobody can see yet is typed blind. The build prerenders the start screen into
// index.html and React takes the field over later; "ready" is the first key in the field React drew.
// In a build without the prerendered screen both fields are the same. Every key the page received
// from the first one that landed on must end up in the field: the rest count as lost.
const markInteractive = `(() => {
  const isField = (input) => input instanceof HTMLInputElement && !input.disabled && !input.readOnly &&
    [...(input.labels ?? [])].some((label) => label.textContent.trim().startsWith('Payment ID'))
  const isReacts = (input) => Object.keys(input).some((key) => key.startsWith('__reactProps$'))
  const findField = () => [...document.querySelectorAll('input')].find(isField)
  const marks = { firstPaintMs: null, fieldFrameMs: null, appFieldMs: null, inputs: [], keys: 0, keysBeforeFirst: null }
  window.__startupMarks = marks
  new PerformanceObserver((list) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0]
    if (paint) marks.firstPaintMs = paint.startTime
  }).observe({ type: 'paint', buffered: true })
  let frameAsked = false
  const observer = new MutationObserver(() => {
    const field = findField()
    if (field && isReacts(field) && marks.appFieldMs === null) {
      marks.appFieldMs = performance.now()
      console.debug('startup-app')
    }
    if (marks.appFieldMs !== null && marks.keysBeforeFirst !== null) observer.disconnect()
    if (frameAsked || !field) return
    frameAsked = true
    requestAnimationFrame(() => {
      frameAsked = false
      marks.fieldFrameMs ??= performance.now()
      const field = findField()
      if (field && marks.keysBeforeFirst === null && !isField(document.activeElement)) field.focus()
    })
  })
  observer.observe(document, { childList: true, subtree: true, attributes: true })
  document.addEventListener('keydown', () => { marks.keys++ }, { capture: true })
  document.addEventListener('input', (event) => {
    if (!isField(event.target)) return
    const at = performance.now()
    marks.keysBeforeFirst ??= marks.keys - 1
    marks.inputs.push([at, isReacts(event.target)])
    // Done once React's field has a key typed after the field was on screen (the paint is reported late).
    const painted = Math.max(marks.firstPaintMs ?? Infinity, marks.fieldFrameMs ?? Infinity)
    if (isReacts(event.target) && at >= painted) console.debug('startup-done')
  }, { capture: true })
})()`

interface PageMarks {
  firstPaintMs: number | null
  fieldFrameMs: number | null
  appFieldMs: number | null
  inputs: [number, boolean][]
  keys: number
  keysBeforeFirst: number | null
}

interface Sample {
  interactiveMs: number
  readyMs: number
  firstPaintMs: number
  /** Keys that landed in the field (each run checks none was lost). */
  keys: number
  jsGzip: number
  /** Stylesheets, whether linked or inlined in index.html. */
  cssGzip: number
  /** index.html as a whole (the prerendered start screen and any inlined stylesheet included). */
  htmlGzip: number
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

interface QuietSample {
  firstPaintMs: number
  /** React's own payment ID field in the page: the whole app works from here. */
  appReadyMs: number
}

/** A new Chromium on a fresh profile, the page bridged to the core as in the e2e tests, until `use` ends. */
async function withColdPage<T>(root: string, core: AppCore, use: (page: Page, cdp: CDPSession, url: string) => Promise<T>): Promise<T> {
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
    const cdp = await context.newCDPSession(page)
    const result = await use(page, cdp, server.url)
    unbridge()
    return result
  } finally {
    await context.close()
    await server.close()
    await rm(profile, { recursive: true, force: true })
  }
}

/** Resolves when the page logs `text` (see markInteractive); fails after 30 s. */
function logged(page: Page, text: string, failure: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stuck = setTimeout(() => {
      reject(new Error(failure))
    }, 30_000)
    page.on('console', (message) => {
      if (message.text() !== text) return
      clearTimeout(stuck)
      resolve()
    })
  })
}
/** A cold start with keys pressed every 5 ms from navigation on (see markInteractive). */
function typedStart(root: string, core: AppCore): Promise<Sample> {
  return withColdPage(root, core, async (page, cdp, url) => {
    const files = new Set<string>()
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (/\.(js|css)$/.test(path)) files.add(path)
    })
    const ready = logged(page, 'startup-done', `${root}: no keystroke reached React's payment ID field on screen within 30 s`)
    // From the moment the new document is committed (a key sent while it replaces the old one is lost).
    await page.goto(url, { waitUntil: 'commit' })
    // Keys straight through the DevTools protocol, as the browser gets them from the keyboard (keydown,
    // then the text): nothing runs in the page to send them. Sent every 5 ms without waiting: the
    // browser acknowledges a key only once the page has handled it.
    const keys: Promise<unknown>[] = []
    const typing = setInterval(() => {
      keys.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'x', code: 'KeyX', text: 'x', windowsVirtualKeyCode: 88 }))
    }, 5)
    await ready.finally(() => {
      clearInterval(typing)
    })
    // Every key sent has been handled before the page's count is read.
    await Promise.all(keys)
    const marks = await page.evaluate<PageMarks>('window.__startupMarks')
    const paintedMs = Math.max(marks.firstPaintMs ?? Number.NaN, marks.fieldFrameMs ?? Number.NaN)
    const interactiveMs = marks.inputs.find(([at]) => at >= paintedMs)?.[0] ?? Number.NaN
    const readyMs = marks.inputs.find(([, reacts]) => reacts)?.[0] ?? Number.NaN
    if (process.env.STARTUP_DEBUG)
      console.error(
        `${root}: paint ${String(marks.firstPaintMs)} frame ${String(marks.fieldFrameMs)} interactive ${String(interactiveMs)} ready ${String(readyMs)}`,
      )
    // What the first screen loads, prefetches included: everything until the network settles.
    await page.waitForLoadState('networkidle')
    const field = page.getByRole('textbox', { name: 'Payment ID' })
    // Every key from the first that landed went into the field, the prerendered one's carried over into React's.
    const typed = await field.inputValue()
    if (!/^x+$/.test(typed)) throw new Error(`${root}: the payment ID field holds ${JSON.stringify(typed)}, not the keys typed`)
    const lostKeys = marks.keys - (marks.keysBeforeFirst ?? 0) - typed.length
    if (lostKeys !== 0) throw new Error(`${root}: ${String(lostKeys)} of ${String(marks.keys)} keys did not reach the payment ID field`)
    await field.fill('pay_startup')
    if ((await field.inputValue()) !== 'pay_startup') throw new Error(`${root}: the payment ID field did not take input`)
    let jsGzip = 0
    let cssGzip = 0
    for (const file of files) {
      const size = gzipSync(await readFile(join(root, file))).length
      if (file.endsWith('.js')) jsGzip += size
      else cssGzip += size
    }
    const html = await readFile(join(root, 'index.html'), 'utf8')
    for (const [, css = ''] of html.matchAll(/<style[^>]*>([^]*?)<\/style>/g)) cssGzip += gzipSync(css).length
    const htmlGzip = gzipSync(html).length
    return {
      interactiveMs,
      readyMs,
      firstPaintMs: marks.firstPaintMs ?? Number.NaN,
      keys: typed.length,
      jsGzip,
      cssGzip,
      htmlGzip,
      files: [...files].sort(),
    }
  })
}

/** A cold start with no key pressed: when the screen shows, and when the whole app works. */
function quietStart(root: string, core: AppCore): Promise<QuietSample> {
  return withColdPage(root, core, async (page, _cdp, url) => {
    const app = logged(page, 'startup-app', `${root}: React's payment ID field did not appear within 30 s`)
    await page.goto(url, { waitUntil: 'commit' })
    await app
    // The paint is reported once the frame is presented, which can come after React's field. Read
    // through DevTools (page.waitForFunction would evaluate a string, which the page's CSP refuses).
    let marks = await page.evaluate<PageMarks>('window.__startupMarks')
    for (let tries = 0; marks.firstPaintMs === null && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      marks = await page.evaluate<PageMarks>('window.__startupMarks')
    }
    return { firstPaintMs: marks.firstPaintMs ?? Number.NaN, appReadyMs: marks.appFieldMs ?? Number.NaN }
  })
}

function summary(samples: Sample[], quiet: QuietSample[]): Record<string, unknown> {
  const first = samples[0]
  return {
    jsKbGzip: round((first?.jsGzip ?? 0) / 1000, 1),
    cssKbGzip: round((first?.cssGzip ?? 0) / 1000, 1),
    htmlKbGzip: round((first?.htmlGzip ?? 0) / 1000, 1),
    interactiveMs: round(median(samples.map((s) => s.interactiveMs)), 1),
    interactiveMsAll: samples.map((s) => round(s.interactiveMs, 1)),
    readyMs: round(median(samples.map((s) => s.readyMs)), 1),
    firstPaintMs: round(median(samples.map((s) => s.firstPaintMs)), 1),
    keysLanded: samples.reduce((sum, s) => sum + s.keys, 0),
    quietFirstPaintMs: round(median(quiet.map((s) => s.firstPaintMs)), 1),
    quietAppReadyMs: round(median(quiet.map((s) => s.appReadyMs)), 1),
    files: first?.files ?? [],
  }
}

export const startupFields: PromisedFields = [
  'runs',
  'baseline',
  'current',
  'interactiveRatio',
  'readyRatio',
  'quietAppReadyRatio',
  'targets',
]

/**
 * JS and CSS (gzip) the first screen loads, and the median time from navigation start to the payment ID
 * field accepting input, over ten cold starts of each build. Then ten more of each with no key pressed:
 * the first paint and the moment the whole app works, for a user who does not type before then (the
 * keys, 200 a second, keep the page busy and push the app's own start back in both builds).
 */
export async function benchStartup({ quick = false }: BenchOptions = {}): Promise<Record<string, unknown>> {
  const runs = quick ? 1 : fullRuns
  const current = process.env.STARTUP_CURRENT ?? join(repo, 'out/renderer')
  // Quick: one start of each build, the current build standing in for the baseline unless one is given (no checkout, no second build).
  const baseline = quick ? (process.env.STARTUP_BASELINE ?? current) : await ensureBaseline()
  const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-startup-data-'))
  const sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  const core = await createAppCore({
    dataDir,
    secrets: createMemoryStore(),
    localService: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
    isTrustedSender: () => true,
  })
  try {
    /** `runs` starts of each build, alternately, so machine load hits both alike. */
    const interleaved = async <T>(name: string, start: (root: string, core: AppCore) => Promise<T>) => {
      const samples = { before: [] as T[], after: [] as T[] }
      for (let i = 0; i < runs; i++) {
        samples.before.push(await start(baseline, core))
        samples.after.push(await start(current, core))
        console.error(`bench startup: ${name} run ${i + 1}/${runs}`)
      }
      return samples
    }
    const typed = await interleaved('typed', typedStart)
    const quiet = await interleaved('quiet', quietStart)
    const today = summary(typed.before, quiet.before)
    const next = summary(typed.after, quiet.after)
    return {
      runs,
      baseline: { folder: baseline, ...today },
      current: { folder: current, ...next },
      interactiveRatio: round(Number(next.interactiveMs) / Number(today.interactiveMs), 3),
      readyRatio: round(Number(next.readyMs) / Number(today.readyMs), 3),
      quietAppReadyRatio: round(Number(next.quietAppReadyMs) / Number(today.quietAppReadyMs), 3),
      targets: { jsKbGzip: 300, interactiveRatio: 0.4 },
    }
  } finally {
    await core.close()
    await sandbox.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
