import { afterEach, describe, expect, it, vi } from 'vitest'

// The script the build inlines in index.html's head, which runs before the screen is parsed. A classic
// script, not a module: a path TypeScript does not resolve as an import.
const earlyScript = '../../../src/renderer/src/shell/start-screen-early.ts'

/** A fresh run of the script, as in a new page. */
async function runEarlyScript(): Promise<void> {
  vi.resetModules()
  await import(/* @vite-ignore */ earlyScript)
}

/** index.html's inert list of the app's modules, as the build writes it, the entry marked; returns the entry's URL. */
function appModules(): string {
  const list = document.createElement('template')
  list.id = 'app-modules'
  list.innerHTML =
    '<link rel="modulepreload" href="/assets/index-test.js" data-app-entry><link rel="modulepreload" href="/assets/chunk-test.js">'
  document.head.append(list)
  return new URL('/assets/index-test.js', document.baseURI).href
}

const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => (link as HTMLLinkElement).href)
const startedEntries = () => [...document.head.querySelectorAll('script[type="module"]')]

// Apart from start-screen.test.tsx: a run of the script there polls for a paint until its 500 ms
// are up, and would start an entry here too. Each test here ends with its run's entry started.
describe("starting the app's entry", () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    document.head.replaceChildren()
  })

  it('waits for the start screen to be painted, then starts the entry a frame later', async () => {
    vi.useFakeTimers()
    const entry = appModules()
    let painted = false
    vi.spyOn(performance, 'getEntriesByName').mockImplementation(() => (painted ? [{} as PerformanceEntry] : []))
    await runEarlyScript()
    await vi.advanceTimersByTimeAsync(200)
    // Not even fetched before the paint.
    expect(startedEntries()).toEqual([])
    expect(preloaded()).toEqual([])
    painted = true
    await vi.advanceTimersByTimeAsync(40)
    expect(startedEntries().map((script) => (script as HTMLScriptElement).src)).toEqual([entry])
    expect(preloaded()).toEqual([entry, new URL('/assets/chunk-test.js', document.baseURI).href])
    await vi.advanceTimersByTimeAsync(1000)
    expect(startedEntries()).toHaveLength(1)
  })

  it('starts the entry after 500 ms in a window that never paints', async () => {
    vi.useFakeTimers()
    const entry = appModules()
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([])
    await runEarlyScript()
    await vi.advanceTimersByTimeAsync(499)
    expect(startedEntries()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(startedEntries().map((script) => (script as HTMLScriptElement).src)).toEqual([entry])
  })

  it('starts the entry once it is parsed, when the page is slower than the 500 ms', async () => {
    vi.useFakeTimers()
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([])
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    await runEarlyScript()
    await vi.advanceTimersByTimeAsync(600)
    expect(startedEntries()).toEqual([])
    const entry = appModules()
    document.dispatchEvent(new Event('DOMContentLoaded'))
    expect(startedEntries().map((script) => (script as HTMLScriptElement).src)).toEqual([entry])
  })
})
