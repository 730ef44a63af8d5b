import { afterEach, describe, expect, it, vi } from 'vitest'

// The script the build inlines in index.html's head, which runs before the screen is parsed. A classic
// script, not a module: a path TypeScript does not resolve as an import.
const earlyScript = '../../../src/renderer/src/shell/start-screen-early.ts'

/** A fresh run of the script, as in a new page. */
async function runEarlyScript(): Promise<void> {
  vi.resetModules()
  await import(/* @vite-ignore */ earlyScript)
}

/** index.html's <link> to the app's entry module, as the build writes it; the script starts the entry from it. */
function entryLink(): HTMLLinkElement {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.href = '/assets/index-test.js'
  link.dataset.appEntry = ''
  document.head.append(link)
  return link
}

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
    const link = entryLink()
    let painted = false
    vi.spyOn(performance, 'getEntriesByName').mockImplementation(() => (painted ? [{} as PerformanceEntry] : []))
    await runEarlyScript()
    await vi.advanceTimersByTimeAsync(200)
    expect(startedEntries()).toEqual([])
    painted = true
    await vi.advanceTimersByTimeAsync(40)
    expect(startedEntries().map((script) => (script as HTMLScriptElement).src)).toEqual([link.href])
    await vi.advanceTimersByTimeAsync(1000)
    expect(startedEntries()).toHaveLength(1)
  })

  it('starts the entry after 500 ms in a window that never paints', async () => {
    vi.useFakeTimers()
    const link = entryLink()
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([])
    await runEarlyScript()
    await vi.advanceTimersByTimeAsync(499)
    expect(startedEntries()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(startedEntries().map((script) => (script as HTMLScriptElement).src)).toEqual([link.href])
  })

  it('starts the entry once it is parsed, when the page is slower than the 500 ms', async () => {
    vi.useFakeTimers()
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([])
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    await runEarlyScript()
    await vi.advanceTimersByTimeAsync(600)
    expect(startedEntries()).toEqual([])
    const link = entryLink()
    document.dispatchEvent(new Event('DOMContentLoaded'))
    expect(startedEntries().map((script) => (script as HTMLScriptElement).src)).toEqual([link.href])
  })
})
