import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openApp, rendererRoot, type AppPage } from './harness'

// Runs in the page before its own scripts: notes each module script put into the page after
// parsing, whether the start screen had been painted then, and whether it was still there.
const watchEntry = `(() => {
  window.__entryStarts = []
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof HTMLScriptElement && node.type === 'module')
          window.__entryStarts.push({
            src: node.src,
            painted: performance.getEntriesByName('first-contentful-paint', 'paint').length > 0,
            startScreen: document.getElementById('start-screen') !== null,
          })
  }).observe(document, { childList: true, subtree: true })
})()`

interface EntryStart {
  src: string
  painted: boolean
  startScreen: boolean
}

describe('first load', () => {
  let browser: Browser
  let app: AppPage
  /** Each JavaScript file the page requested, as often as it did. */
  const loaded: string[] = []

  beforeAll(async () => {
    browser = await launchBrowser()
    app = await openApp(browser, {
      beforeLoad: async (page: Page) => {
        await page.addInitScript(watchEntry)
        page.on('request', (request) => {
          const path = new URL(request.url()).pathname
          if (path.endsWith('.js')) loaded.push(path)
        })
      },
    })
    await app.page.waitForLoadState('networkidle')
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
  })

  it("starts the app's code once the start screen is on screen, from the entry index.html preloads", async () => {
    const starts = await app.page.evaluate<EntryStart[]>('window.__entryStarts')
    const html = await readFile(join(rendererRoot, 'index.html'), 'utf8')
    const preloaded = /<link rel="modulepreload" crossorigin href="\.\/([^"]+)" data-app-entry>/.exec(html)?.[1]
    expect(preloaded, 'index.html names no entry to start').toBeDefined()
    // Started once, after the paint, while the prerendered screen still held the keys.
    expect(starts.map(({ src, painted, startScreen }) => ({ file: src.split('/').pop(), painted, startScreen }))).toEqual([
      { file: preloaded?.split('/').pop(), painted: true, startScreen: true },
    ])
    // The entry is evaluated from the preload, not fetched twice.
    expect(loaded.filter((path) => path.endsWith(`/${String(preloaded)}`))).toHaveLength(1)
  })

  it('loads at most 300 kB of JavaScript (gzip) for the first screen, and no schema library', async () => {
    let gzipBytes = 0
    for (const path of new Set(loaded)) {
      const code = await readFile(join(rendererRoot, path))
      gzipBytes += gzipSync(code).length
      // zod's class names survive minification; the first screen validates nothing and must not pay
      // for building schemas (a shared module with a schema in it once brought in 83 kB).
      expect(code.toString('utf8'), `${path} holds zod`).not.toContain('ZodObject')
    }
    expect(loaded.length).toBeGreaterThan(0)
    expect(gzipBytes).toBeLessThanOrEqual(300_000)
  })
})

/**
 * The app with its entry held back until `press` has run on the start screen, so the keys surely
 * reach the start screen and not the app.
 */
function openWithEarlyKeys(
  browser: Browser,
  press: (page: Page) => Promise<void>,
  options: Parameters<typeof openApp>[1] = {},
): Promise<AppPage> {
  return openApp(browser, {
    ...options,
    beforeLoad: async (page: Page) => {
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held
        await route.continue()
      })
      void (async () => {
        await page.locator('#start-screen input').waitFor()
        await press(page)
        release()
      })()
    },
  })
}

const currentScreen = (app: AppPage) => app.page.getByRole('navigation', { name: 'Screens' }).locator('[aria-current="page"]')

describe('keys pressed before the app has taken over', () => {
  let browser: Browser
  let app: AppPage
  let focusedEarly: string | null = null

  beforeAll(async () => {
    browser = await launchBrowser()
    app = await openWithEarlyKeys(browser, async (page) => {
      await page.keyboard.press('Control+k')
      focusedEarly = await page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null")
      await page.keyboard.type('pay_seed_card_declined')
      await page.keyboard.press('Control+2')
    })
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
  })

  it("keeps a screen's shortcut for the app, which opens that screen when it starts", async () => {
    await app.page.getByRole('heading', { name: 'Batch lookup', exact: true }).waitFor()
    expect(await currentScreen(app).textContent()).toContain('Batch lookup')
  })

  it('goes to the payment ID field on Ctrl+K, and what was typed there is kept', async () => {
    expect(focusedEarly).toBe('payment-id-input')
    await app.page.keyboard.press('Control+1')
    await expect.poll(() => app.page.getByRole('textbox', { name: 'Payment ID' }).inputValue()).toBe('pay_seed_card_declined')
  })

  it("opens nothing for a screen the desk's role does not have", async () => {
    // A support desk (no Checkout), as IT deploys it with a policy file.
    const support = await openWithEarlyKeys(
      browser,
      async (page) => {
        await page.keyboard.press('Control+3')
      },
      { policy: { version: 1, role: 'support', environments: { local: {} } } },
    )
    try {
      const nav = support.page.getByRole('navigation', { name: 'Screens' })
      await expect
        .poll(async () => (await nav.getByRole('button').allTextContents()).some((label) => label.startsWith('Checkout')))
        .toBe(false)
      expect(await currentScreen(support).textContent()).toContain('Payments')
      expect(await support.page.getByRole('heading', { level: 2 }).first().textContent()).toBe('Payments')
    } finally {
      await support.close()
    }
  })
})
