import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentsDeskApi } from '../../src/shared/contract/api'
import { expectNoViolationsInBothSchemes } from './axe'
import { launchBrowser, openApp, openScreen, type AppPage } from './harness'

/** Notifications float over the page: close them so screenshots show the screen. */
async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' })
  for (const button of await close.all()) await button.click()
  await expect.poll(() => close.count()).toBe(0)
}

/**
 * Fires `count` lookups through the page's own API at once. Not awaited by the callers:
 * at a fractional limit their retries run on long after the assertions.
 */
function burst(page: Page, count: number): Promise<unknown> {
  return page
    .evaluate(
      (n) =>
        Promise.allSettled(
          Array.from({ length: n }, () =>
            (globalThis as unknown as { paymentsDesk: PaymentsDeskApi }).paymentsDesk.invoke.getPayment({ id: 'pay_seed_card_declined' }),
          ),
        ),
      count,
    )
    .catch(() => undefined)
}

async function sandboxPut(app: AppPage, what: 'rate-limit' | 'in-flight-limit' | 'faults', body: Record<string, number>): Promise<void> {
  const { baseUrl, apiKey } = app.fixture.sandbox
  const response = await fetch(`${baseUrl}/sandbox/${what}`, {
    method: 'PUT',
    headers: { 'X-Service-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
}

const setSandboxLimit = (app: AppPage, limit: { rate: number; burst: number }) => sandboxPut(app, 'rate-limit', limit)

const remainingMs = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('pause-countdown').getAttribute('data-remaining-ms'))

describe('Requests', () => {
  let browser: Browser
  let app: AppPage

  beforeAll(async () => {
    browser = await launchBrowser()
    app = await openApp(browser)
    await openScreen(app.page, 'Requests')
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
  })

  it('starts empty and says what to do next', async () => {
    const { page } = app
    await page.getByText('No requests yet').waitFor()
    await page.getByRole('button', { name: 'Look up a payment' }).waitFor()
    expect(await page.getByTestId('rate-limited-count').textContent()).toBe('0 × 429')
    await page.getByTestId('scheduler-rate').waitFor()
    await app.screenshot('requests-empty')
  })

  it('shows requests live as they happen', async () => {
    const { page } = app
    await burst(page, 6)
    const rows = page.getByRole('table', { name: 'Request log' }).locator('tbody tr[data-index]')
    await expect.poll(() => rows.count()).toBe(6)
    expect(await rows.first().textContent()).toContain('/api/payment/pay_seed_card_declined')
    expect(await page.locator('tr[data-rate-limited]').count()).toBe(0)
    await page.getByTestId('scheduler-rate').waitFor()
    await app.screenshot('requests-live')
    await app.setScheme('dark')
    await app.screenshot('requests-live')
    await app.setScheme('light')
  })

  it('applies a new ceiling and concurrency from the controls', async () => {
    const { page } = app
    await page.getByLabel('Ceiling (req/s)').fill('50')
    await page.getByLabel('Concurrency').fill('8')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => page.getByTestId('scheduler-ceiling').textContent()).toBe('50 req/s')
    await expect.poll(() => page.getByTestId('scheduler-in-flight').textContent()).toMatch(/ \/ 8$/)
    expect((await app.fixture.ok('getScheduler', {})).config).toEqual({ ceiling: 50, concurrency: 8, headroom: 0.1 })
    await page.getByText('Throttle updated').waitFor()
    await dismissNotifications(page)
  })

  it('flags and counts 429s and counts the Retry-After pause down', async () => {
    const { page } = app
    // 0.25 req/s: the sandbox asks for a 4 s wait, long enough to watch.
    await setSandboxLimit(app, { rate: 0.25, burst: 2 })
    void burst(page, 10)
    const flagged = page.locator('tr[data-rate-limited="true"]')
    await flagged.first().waitFor()
    expect(await flagged.first().textContent()).toContain('429')
    await expect.poll(async () => Number((await page.getByTestId('rate-limited-count').textContent())?.split(' ')[0])).toBeGreaterThan(0)

    const countdown = page.getByTestId('pause-countdown')
    await countdown.waitFor()
    const first = await remainingMs(page)
    expect(first).toBeGreaterThan(0)
    expect(await countdown.textContent()).toMatch(/resuming in \d+(\.\d+)? s\./)
    await expect.poll(() => remainingMs(page)).toBeLessThan(first - 300)
    await app.screenshot('requests-paused')

    // The 429 filter keeps only the flagged rows.
    await page.getByRole('switch', { name: '429 only' }).check()
    const shown = page.getByRole('table', { name: 'Request log' }).locator('tbody tr[data-index]')
    await expect.poll(async () => (await shown.count()) === (await flagged.count())).toBe(true)
    await page.getByRole('switch', { name: '429 only' }).uncheck()

    // The dark screenshot needs a pause running too: push another burst if the first one's ended.
    await app.setScheme('dark')
    if ((await countdown.count()) === 0) void burst(page, 4)
    await countdown.waitFor()
    await app.screenshot('requests-paused')
    await app.setScheme('light')
  })

  it('shows the cap on requests in flight learnt from a service that limits concurrency', async () => {
    const { page } = app
    // No rate limit, slow answers and at most 3 in flight per key: the app (8 at once) meets 429s
    // with 4 or more in flight, and learns to send no more than 3.
    await setSandboxLimit(app, { rate: 0, burst: 1 })
    await sandboxPut(app, 'faults', { latencyMs: 400 })
    await sandboxPut(app, 'in-flight-limit', { limit: 3 })
    void burst(page, 40)
    const cap = page.getByTestId('scheduler-in-flight-cap')
    await expect.poll(() => cap.textContent(), { timeout: 20_000 }).toMatch(/^At most \d+ at once: a 429 came with \d+ in flight$/)
    const learnt = Number(/At most (\d+)/.exec((await cap.textContent()) ?? '')?.[1])
    expect(learnt).toBeGreaterThanOrEqual(2)
    expect(learnt).toBeLessThanOrEqual(3)
    await expect.poll(() => page.getByTestId('scheduler-in-flight').textContent()).toMatch(new RegExp(` / ${learnt}$`))
    await page.getByText('at once, of the cap learnt from 429s').waitFor()
    await dismissNotifications(page)
    await expectNoViolationsInBothSchemes(app, 'requests with a learnt cap on requests in flight', 'requests-learnt-cap')
    await app.setScheme('light')
    await sandboxPut(app, 'in-flight-limit', { limit: 0 })
    await sandboxPut(app, 'faults', { latencyMs: 0 })
  })

  it('says how many places of a larger learnt cap this desk takes and how many it leaves to colleagues', async () => {
    // A fresh app (16 at once) on a cap of 12 per key with slow answers: the cap it learns is 12 or a
    // place above, and it leaves the headroom's share of it, in whole places, to colleagues.
    const capped = await openApp(browser)
    try {
      const { page } = capped
      await openScreen(page, 'Requests')
      await setSandboxLimit(capped, { rate: 0, burst: 1 })
      await sandboxPut(capped, 'faults', { latencyMs: 400 })
      await sandboxPut(capped, 'in-flight-limit', { limit: 12 })
      void burst(page, 120)
      const cap = page.getByTestId('scheduler-in-flight-cap')
      await expect
        .poll(() => cap.textContent(), { timeout: 30_000 })
        .toMatch(/^At most \d+ at once: a 429 came with \d+ in flight\. This desk takes \d+, leaving \d+ to colleagues$/)
      const words = /At most (\d+).*takes (\d+), leaving (\d+)/.exec((await cap.textContent()) ?? '') ?? []
      const [learnt, takes, left] = [Number(words[1]), Number(words[2]), Number(words[3])]
      expect(learnt).toBeGreaterThanOrEqual(11)
      expect(learnt).toBeLessThanOrEqual(13)
      expect(takes + left).toBe(learnt)
      const { headroom } = (await capped.fixture.ok('getScheduler', {})).config
      expect(left).toBe(Math.floor(headroom * learnt))
      await expect.poll(() => page.getByTestId('scheduler-in-flight').textContent()).toMatch(new RegExp(` / ${takes}$`))
      await page.getByText(`at once, of the cap learnt from 429s less ${left} left to colleagues`).waitFor()
      await dismissNotifications(page)
      await expectNoViolationsInBothSchemes(capped, 'requests with a learnt cap shared with colleagues', 'requests-learnt-cap-shared')
    } finally {
      await capped.close()
    }
  })

  it('fits a 1024×700 window', async () => {
    await app.page.getByRole('table', { name: 'Request log' }).waitFor()
    await app.atSmallestWindow('requests')
    await setSandboxLimit(app, { rate: 0, burst: 1 })
  })

  it('keeps 10,000 rows light: only those in sight are in the page', async () => {
    const { page } = app
    // Synthetic entries through the bridge's event hook, with IDs above any real one; last
    // test, since the mirror then ignores real entries with lower IDs.
    await page.evaluate(() => {
      const entries = Array.from({ length: 10_000 }, (_, index) => ({
        id: 1_000_000 + index,
        time: Date.now() - (10_000 - index) * 10,
        method: 'GET',
        path: `/api/payment/pay_synthetic_${index}`,
        status: index % 50 === 0 ? 429 : 200,
        durationMs: 20,
        attempt: 1,
        queuedMs: 0,
        rateLimited: index % 50 === 0,
        errorCode: index % 50 === 0 ? 'rate-limited' : null,
        priority: 'batch',
      }))
      ;(globalThis as unknown as { __paymentsDeskEmit: (name: string, payload: unknown) => void }).__paymentsDeskEmit(
        'requestLogAppended',
        entries,
      )
    })
    await expect.poll(() => page.getByTestId('request-count').textContent()).toMatch(/^10,000 requests/)
    const rows = page.getByRole('table', { name: 'Request log' }).locator('tbody tr[data-index]')
    expect(await rows.count()).toBeLessThan(60)
    expect(await rows.first().textContent()).toContain('pay_synthetic_9999')
    await page.getByLabel('Request log, scrollable').hover()
    await page.mouse.wheel(0, 400_000)
    await page.getByText('/api/payment/pay_synthetic_0', { exact: true }).waitFor()
    expect(await rows.count()).toBeLessThan(60)
  })

  it('on a start after the throttle learnt a limit, starts from it, says so, and sends the first lookups under it', async () => {
    const learntAt = Date.now() - 3 * 3_600_000
    const resumed = await openApp(browser, {
      // A burst of two: sent unpaced, or paced at twice the learnt rate, the six lookups still meet 429s, but one
      // request that a loaded machine delays no longer arrives too close to the next.
      sandbox: { rateLimit: { rate: 12, burst: 2 } },
      learntLimitsFile: { version: 1, accounts: { 'local/default': { service: 'local', limit: 12, inFlightCap: null, learntAt } } },
    })
    try {
      const { page } = resumed
      await openScreen(page, 'Requests')
      await expect.poll(() => page.getByTestId('learnt-limit').textContent()).toBe('12 req/s')
      expect(await page.getByTestId('limit-source').textContent()).toMatch(
        /^Learned from 429s while probing, in an earlier session \(.+\): checked again as requests go$/,
      )
      expect(await page.getByTestId('scheduler-phase').textContent()).toBe('Climbing back to the rate of the last 429')
      await burst(page, 6)
      const rows = page.getByRole('table', { name: 'Request log' }).locator('tbody tr[data-index]')
      await expect.poll(() => rows.count()).toBe(6)
      expect(await page.locator('tr[data-rate-limited]').count()).toBe(0)
      await dismissNotifications(page)
      await expectNoViolationsInBothSchemes(resumed, 'the Requests screen started from a learnt limit', 'requests-resumed')
    } finally {
      await resumed.close()
    }
  })

  it('on a start after the throttle met no limit, starts at the rate it reached and says so', async () => {
    const learntAt = Date.now() - 3 * 3_600_000
    const resumed = await openApp(browser, {
      learntLimitsFile: {
        version: 1,
        accounts: { 'local/default': { service: 'local', limit: null, inFlightCap: null, reached: 60, learntAt } },
      },
    })
    try {
      const { page } = resumed
      await openScreen(page, 'Requests')
      await expect.poll(() => page.getByTestId('scheduler-rate').textContent()).toBe('60 req/s')
      expect(await page.getByTestId('limit-source').textContent()).toMatch(
        /^Not known yet: started from the rate an earlier session \(.+\) reached without one$/,
      )
      expect(await page.getByTestId('scheduler-phase').textContent()).toBe('Climbing: no 429 yet')
      await dismissNotifications(page)
      await expectNoViolationsInBothSchemes(resumed, 'the Requests screen started from a rate reached', 'requests-resumed-rate')
    } finally {
      await resumed.close()
    }
  })
})
