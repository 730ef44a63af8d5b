import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedIds } from '../../src/sandbox'
import { declineCodes } from '../../src/shared/decline-codes'
import { launchBrowser, openApp, openScreen, type AppPage } from './harness'

// What an agent reads first must be in sight without scrolling, for every decline code, in the
// two window sizes the app is made for: the customer message and its Copy button by bounding box.

const windows = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const

const field = (page: Page) => page.getByRole('textbox', { name: 'Payment ID' })

/** Where an element of the failure card starts and ends, from the top of the page scrolled to its top. */
async function edgesOf(page: Page, testId: string): Promise<{ top: number; bottom: number }> {
  const box = await page.getByTestId('failure-card').getByTestId(testId).boundingBox()
  if (!box) throw new Error(`${testId} is not drawn`)
  return { top: Math.round(box.y), bottom: Math.ceil(box.y + box.height) }
}

describe('Payments: the answer above the fold', () => {
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

  it.each(windows)(
    'puts the customer message, its Copy button and the next step in the first $height px at $width×$height, for each of the 17 codes',
    async (size) => {
      const { page } = app
      await page.setViewportSize(size)
      expect(declineCodes).toHaveLength(17)
      const measured: string[] = []
      const belowTheFold: string[] = []
      for (const code of declineCodes) {
        await field(page).fill(seedIds.failed(code))
        await field(page).press('Enter')
        await page.getByTestId('failure-card').getByTestId('decline-code').getByText(code, { exact: true }).waitFor()
        expect(await page.evaluate<number>('window.scrollY'), 'the page is not scrolled').toBe(0)
        const parts = {
          'customer message': await edgesOf(page, 'customer-message'),
          'Copy button': await edgesOf(page, 'copy-customer-message'),
          'next step': await edgesOf(page, 'agent-next-step'),
        }
        measured.push(
          `${code}: ${Object.entries(parts)
            .map(([name, edges]) => `${name} ${edges.top}-${edges.bottom}`)
            .join(', ')}`,
        )
        for (const [name, edges] of Object.entries(parts))
          if (edges.bottom > size.height) belowTheFold.push(`${code}: ${name} ends at ${edges.bottom}`)
      }
      console.log(`at ${size.width}×${size.height}, top-bottom in px:\n${measured.join('\n')}`)
      expect(belowTheFold, `below the first ${size.height} px at ${size.width}×${size.height}`).toEqual([])
      await page.setViewportSize({ width: 1280, height: 800 })
    },
  )

  it('gives the ID field the focus at launch and after Ctrl+1, and takes a paste made anywhere on the screen', async () => {
    const { page } = app
    await page.reload()
    await page.getByRole('heading', { name: 'Payments Desk' }).waitFor()
    await page.locator('#start-screen').waitFor({ state: 'detached' })
    await field(page).and(page.locator(':focus')).waitFor()

    await openScreen(page, 'Checkout')
    await page.keyboard.press('Control+1')
    await field(page).and(page.locator(':focus')).waitFor()

    // Focus on a button of the screen, then a real paste (clipboard and Ctrl+V).
    await page.getByRole('button', { name: 'Look up', exact: true }).focus()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.evaluate(
      `navigator.clipboard.writeText('see https://dashboard.example.com/payments/${seedIds.failed('expired_card')}?tab=1')`,
    )
    await page.keyboard.press('Control+V')
    await expect.poll(() => field(page).inputValue()).toBe(seedIds.failed('expired_card'))
    await field(page).and(page.locator(':focus')).waitFor()
    await page.keyboard.press('Enter')
    await page.getByTestId('failure-card').getByTestId('decline-code').getByText('expired_card', { exact: true }).waitFor()
  })
})
