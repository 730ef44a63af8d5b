import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentsDeskApi } from '../../src/shared/contract/api'
import { expectNoViolations } from './axe'
import { launchBrowser, openApp, openScreen, screenshotDir, type AppPage } from './harness'

let browser: Browser
let app: AppPage

beforeAll(async () => {
  browser = await launchBrowser()
  app = await openApp(browser)
})

afterAll(async () => {
  await app.close()
  await browser.close()
})

/** `count` lookups through the page's own API at once, each answered (or refused with a 429) before this returns. */
async function burst(page: Page, count: number): Promise<void> {
  await page.evaluate(
    (n) =>
      Promise.allSettled(
        Array.from({ length: n }, () =>
          (globalThis as unknown as { paymentsDesk: PaymentsDeskApi }).paymentsDesk.invoke.getPayment({ id: 'pay_seed_settled_1' }),
        ),
      ),
    count,
  )
}

async function setSandboxLimit(limit: { rate: number; burst: number }): Promise<void> {
  const { baseUrl, apiKey } = app.fixture.sandbox
  const response = await fetch(`${baseUrl}/sandbox/rate-limit`, {
    method: 'PUT',
    headers: { 'X-Service-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(limit),
  })
  expect(response.status).toBe(200)
}

/** Switches the system's scheme and waits until the app has followed it. */
async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await app.setScheme(scheme)
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme)
}

// Browser-side code as text: the e2e project is typed for Node, and these read the page's DOM.

/** How many lines each of the meter's texts takes, from its height and its line height. */
function meterLines(page: Page): Promise<number[]> {
  return page.evaluate<number[]>(`['sent-rate', 'last-429'].map((id) => {
    const text = document.querySelector('[data-testid="' + id + '"]')
    return Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight))
  })`)
}

/** WCAG's relative luminance of the text colour of the first element `selector` finds. */
function textLuminance(page: Page, selector: string): Promise<number> {
  return page.evaluate<number>(`(() => {
    const [r, g, b] = getComputedStyle(document.querySelector(${JSON.stringify(selector)})).color.match(/[\\d.]+/g).slice(0, 3).map((part) => {
      const c = Number(part) / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  })()`)
}

/** The start of every non-empty text the page draws in capitals through CSS. */
function shoutedTexts(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
    .filter((element) => getComputedStyle(element).textTransform === 'uppercase' && element.textContent.trim() !== '')
    .map((element) => element.textContent.trim().slice(0, 40))`)
}

/** A field's placeholder colour, and the placeholder and error colours of the scheme in use. */
function placeholderColours(page: Page, placeholder: string): Promise<{ placeholder: string; expected: string; error: string }> {
  return page.evaluate(`(() => {
    const input = document.querySelector('input[placeholder=${JSON.stringify(placeholder)}]')
    const probe = document.createElement('span')
    document.body.append(probe)
    probe.style.color = 'var(--mantine-color-placeholder)'
    const expected = getComputedStyle(probe).color
    probe.style.color = 'var(--mantine-color-error)'
    const error = getComputedStyle(probe).color
    probe.remove()
    return { placeholder: getComputedStyle(input, '::placeholder').color, expected, error }
  })()`)
}

describe('the words in the header and on the screens', () => {
  it('meters the requests sent, says when the last 429 came, and stays on one line at both sizes in both schemes', async () => {
    const { page } = app
    await setSandboxLimit({ rate: 2, burst: 2 })
    await burst(page, 6)
    await setSandboxLimit({ rate: 100, burst: 100 })
    const meter = page.getByTestId('throttle-indicator')
    await expect.poll(() => page.getByTestId('last-429').textContent()).toMatch(/^last 429 (just now|\d+ seconds? ago)$/)
    expect(await page.getByTestId('sent-rate').textContent()).toMatch(/^(429: paused .+|[\d.]+ of [\d.]+ req\/s)$/)
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size)
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme)
        expect(await meterLines(page), `the meter wraps at ${size.width}×${size.height} (${scheme})`).toEqual([1, 1])
        const header = await page.getByRole('banner').boundingBox()
        if (!header) throw new Error('no header')
        await page.screenshot({ path: join(screenshotDir, `header-meter-${size.width}x${size.height}-${scheme}.png`), clip: header })
      }
    }
    await useScheme(page, 'light')
    // Idle: nothing has been sent for the measuring window, so it reads 0 whatever the throttle allows.
    await expect.poll(() => page.getByTestId('sent-rate').textContent(), { timeout: 15_000 }).toMatch(/^0 of [\d.]+ req\/s$/)
    expect(await meter.getAttribute('aria-label')).toMatch(/^0 of [\d.]+ req\/s, last 429 /)
    const header = await page.getByRole('banner').boundingBox()
    if (header) await page.screenshot({ path: join(screenshotDir, 'header-meter-idle-light.png'), clip: header })
    await expectNoViolations(page, 'header-meter')
  })

  it('writes nothing in capitals the words do not have', async () => {
    const { page } = app
    for (const screen of ['Requests', 'Batch lookup', 'Webhooks', 'Settings']) {
      await openScreen(page, screen)
      expect(await shoutedTexts(page), `uppercase text on ${screen}`).toEqual([])
    }
    await openScreen(page, 'Requests')
    // The 429s of the first test are in the log: the status badge says 429 as it is.
    await expect.poll(() => page.locator('tr[data-rate-limited]').count()).toBeGreaterThan(0)
  })

  it('keeps an empty field in error with its grey placeholder', async () => {
    const { page } = app
    await openScreen(page, 'Webhooks')
    const field = page.getByRole('textbox', { name: 'Endpoint URL' })
    await field.fill('')
    await page.getByRole('button', { name: /^Register/ }).click()
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme)
      const { placeholder, expected, error } = await placeholderColours(page, 'https://hooks.example.com/payments')
      expect(placeholder, scheme).toBe(expected)
      expect(placeholder, scheme).not.toBe(error)
    }
    await useScheme(page, 'light')
  })

  it('makes headings brighter than body text in dark, and keeps them as dark as it in light', async () => {
    const { page } = app
    await openScreen(page, 'Requests')
    await useScheme(page, 'dark')
    const heading = await textLuminance(page, 'main h2')
    const body = await textLuminance(page, 'body')
    expect(heading, 'dark: heading luminance over body luminance').toBeGreaterThan(body)
    await useScheme(page, 'light')
    expect(await textLuminance(page, 'main h2')).toBeLessThanOrEqual(await textLuminance(page, 'body'))
  })
})
