import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { expect } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { bridge, fakeConfirm, type FakeConfirm, type TrafficListener } from './bridge'
import { serveRenderer } from './static-server'

export const screenshotDir = join(import.meta.dirname, '../../artifacts/screenshots')
/** The built renderer (`electron-vite build`), as the app ships it. */
export const rendererRoot = join(import.meta.dirname, '../../out/renderer')

// Debian's Chromium, as root, with no network: the flags keep it from reaching out.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs })
}

export interface AppPage {
  page: Page
  fixture: CoreFixture
  /** Main's production dialog: answers Cancel until the test sets `answer`. */
  confirm: FakeConfirm
  /** Saves artifacts/screenshots/<name>-<scheme>.png in the current colour scheme. */
  screenshot(name: string): Promise<void>
  setScheme(scheme: 'light' | 'dark'): Promise<void>
  /**
   * The smallest window the app supports (1024×700), in light and dark: fails if the page
   * scrolls sideways, and saves <name>-1024x700-<scheme>.png. Back to 1280×800 after.
   */
  atSmallestWindow(name: string): Promise<void>
  close(): Promise<void>
}

/** The window in CSS pixels; 200 % zoom of a 1280×800 window is 640×400 at a device scale factor of 2. */
export interface AppWindow {
  width: number
  height: number
  deviceScaleFactor?: number
}

/** Opens a screen from the navigation, through the menu button where a narrow window folds the list away. */
export async function openScreen(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Screens menu' })
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click()
  await page.getByRole('navigation', { name: 'Screens' }).getByText(name, { exact: true }).click()
  await page.getByRole('heading', { name, exact: true }).first().waitFor()
}

/**
 * Until the app has taken over from the prerendered start screen (after a load or a reload): the
 * screen's heading and ID field are there first, but its shortcuts and buttons do nothing yet.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Payments Desk' }).waitFor()
  await page.locator('#start-screen').waitFor({ state: 'detached' })
}

/**
 * Runs `shoot` with the window as tall as the page: a list that renders only the rows in the
 * window (the batch results) renders them all first, which a full-page capture alone does not
 * wait for. The window's size is restored after.
 */
async function wholePage(page: Page, shoot: () => Promise<unknown>): Promise<void> {
  const size = page.viewportSize()
  const height = await page.evaluate<number>('document.documentElement.scrollHeight')
  if (size && height > size.height) {
    await page.setViewportSize({ width: size.width, height: Math.min(height, 16_000) })
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
  }
  await shoot()
  if (size) await page.setViewportSize(size)
}

/** The built renderer in Chromium, its API bridged to the real handlers on a real sandbox. */
export async function openApp(
  browser: Browser,
  options: Parameters<typeof startCoreFixture>[0] & {
    onTraffic?: TrafficListener
    window?: AppWindow
    /** Runs before the page loads: to watch it from its first request on. */
    beforeLoad?: (page: Page) => Promise<void>
  } = {},
): Promise<AppPage> {
  const { onTraffic, window = { width: 1280, height: 800 }, beforeLoad, ...fixtureOptions } = options
  const confirm = fakeConfirm()
  const fixture = await startCoreFixture({ confirm, ...fixtureOptions })
  const server = await serveRenderer(rendererRoot)
  const context = await browser.newContext({
    viewport: { width: window.width, height: window.height },
    deviceScaleFactor: window.deviceScaleFactor ?? 1,
    colorScheme: 'light',
  })
  const page = await context.newPage()
  const unbridge = await bridge(page, fixture.core, onTraffic)
  let scheme: 'light' | 'dark' = 'light'
  page.on('pageerror', (error) => {
    console.error('page error:', error.message)
  })
  // The page's own CSP must let everything the build put in it run (the start screen's inline
  // script by its hash): a refusal would go unseen but for a console line.
  const refused: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('violates the following Content Security Policy directive'))
      refused.push(message.text())
  })
  await beforeLoad?.(page)
  await page.goto(server.url)
  await waitForApp(page)
  expect(refused, 'the page refused some of its own content').toEqual([])
  await mkdir(screenshotDir, { recursive: true })
  return {
    page,
    fixture,
    confirm,
    async screenshot(name) {
      await wholePage(page, () => page.screenshot({ path: join(screenshotDir, `${name}-${scheme}.png`), fullPage: true }))
    },
    async setScheme(next) {
      scheme = next
      await page.emulateMedia({ colorScheme: next })
    },
    async atSmallestWindow(name) {
      const before = scheme
      await page.setViewportSize({ width: 1024, height: 700 })
      for (const next of ['light', 'dark'] as const) {
        scheme = next
        await page.emulateMedia({ colorScheme: next })
        const overflow = await page.evaluate(() => {
          const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
            .documentElement
          return root.scrollWidth - root.clientWidth
        })
        expect(overflow, `${name} scrolls sideways at 1024×700 (${next})`).toBeLessThanOrEqual(0)
        await wholePage(page, () => page.screenshot({ path: join(screenshotDir, `${name}-1024x700-${next}.png`), fullPage: true }))
      }
      scheme = before
      await page.emulateMedia({ colorScheme: before })
      await page.setViewportSize({ width: 1280, height: 800 })
    },
    async close() {
      unbridge()
      await context.close()
      await server.close()
      await fixture.close()
    },
  }
}
