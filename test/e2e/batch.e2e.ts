import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkPaymentId } from '../../src/sandbox/seed'
import { launchBrowser, openApp, screenshotDir, type AppPage } from './harness'

/** Notifications float over the page: close them so screenshots show the screen. */
async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' })
  for (const button of await close.all()) await button.click()
  await expect.poll(() => close.count()).toBe(0)
}

async function bothSchemes(app: AppPage, name: string): Promise<void> {
  await dismissNotifications(app.page)
  // Away from the charts, so no hover tooltip covers them.
  await app.page.mouse.move(0, 0)
  await app.screenshot(name)
  await app.setScheme('dark')
  await app.screenshot(name)
  await app.setScheme('light')
}

const progressText = (page: Page) => page.getByTestId('batch-progress-text').textContent()
/** SegmentedControl hides its radios under their labels: click the label, as a user would. */
const pickOutcome = (page: Page, name: string | RegExp) =>
  page.getByRole('radiogroup', { name: 'Outcome' }).locator('label').filter({ hasText: name }).click()

const doneSoFar = async (page: Page): Promise<number> => Number((await progressText(page))?.split(' / ')[0]?.replace(/\D/g, ''))

// 300 generated payments, 10 of them twice, a blank cell, an invalid ID and two unknown ones.
const listed = Array.from({ length: 300 }, (_, i) => bulkPaymentId(i + 1))
const pasted = [
  ...listed.slice(0, 100).join('\n').split('\n'),
  '',
  listed.slice(100, 200).join(', '),
  `"${listed.slice(200, 300).join('";"')}"`,
  '""',
  'pay/1',
  'pay_unknown_1 pay_unknown_2',
  listed.slice(0, 10).join('\t'),
].join('\n')

describe('Batch lookup', () => {
  let browser: Browser
  let app: AppPage
  let dir: string
  let exports = 0

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'payments-desk-batch-e2e-'))
    const idFile = join(dir, 'report.csv')
    const rows = Array.from({ length: 40 }, (_, i) => `${i + 1},${bulkPaymentId(i + 301)},customer${i}@example.com`)
    await writeFile(idFile, `\uFEFFrow,payment_id,email\r\n${rows.join('\r\n')}\r\n`)
    browser = await launchBrowser()
    app = await openApp(browser, {
      // A limit the app has to learn: the run meets 429s and Retry-After pauses on its way.
      sandbox: { bulkPayments: 400, rateLimit: { rate: 30, burst: 10 } },
      dialogs: {
        chooseIdFile: () => Promise.resolve(idFile),
        chooseExportPath: (defaultName) => Promise.resolve(join(dir, `${++exports}-${defaultName}`)),
      },
    })
    await app.page.getByRole('navigation', { name: 'Screens' }).getByText('Batch lookup', { exact: true }).click()
    await app.page.getByRole('heading', { name: 'Batch lookup', level: 2 }).waitFor()
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('starts with what to do next', async () => {
    const { page } = app
    await page.getByText(/No batches yet/).waitFor()
    expect(await page.getByTestId('parse-summary').textContent()).toContain('before anything is sent')
    expect(await page.getByRole('button', { name: 'Look up', exact: true }).isDisabled()).toBe(true)
  })

  it('counts a pasted list before anything is sent', async () => {
    const { page } = app
    await page.getByRole('textbox', { name: 'Payment IDs' }).fill(pasted)
    await expect.poll(() => page.getByTestId('count-ids').textContent()).toBe('302 IDs to look up')
    expect(await page.getByTestId('count-duplicates').textContent()).toBe('10 duplicates collapsed')
    expect(await page.getByTestId('count-blank').textContent()).toBe('1 blank')
    expect(await page.getByTestId('count-invalid').textContent()).toBe('1 invalid')
    const invalid = page.getByRole('table', { name: 'Invalid IDs' })
    expect(await invalid.textContent()).toContain('pay/1')
    expect(await invalid.textContent()).toContain('cannot contain "/"')
    expect(await page.getByTestId('blank-lines').textContent()).toBe('Never sent: 1 blank value, on line 104.')
    // Every line left out can be taken along to follow up, with its line and reason.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy the 2 lines not sent' }).click()
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toMatch(/^line\tvalue\treason\n104\t\tBlank/)
    expect((await page.evaluate<string>('navigator.clipboard.readText()')).split('\n')[2]).toMatch(/^105\tpay\/1\t.*cannot contain "\/"/)
    expect(app.fixture.responses.filter((r) => r.name === 'batchStart')).toHaveLength(0)
    await page.getByLabel('Batch name').fill('E2E report')
    await bothSchemes(app, 'batch-input')
    await app.atSmallestWindow('batch-input')
  })

  it('runs through the throttle to the end, with live progress', async () => {
    const { page } = app
    await page.getByRole('button', { name: 'Look up 302 IDs' }).click()
    await page.getByRole('heading', { name: 'E2E report' }).waitFor()
    await expect.poll(() => doneSoFar(page), { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(40)
    expect(await progressText(page)).toMatch(/^\d+ \/ 302 looked up$/)
    expect(await page.getByTestId('batch-rate').textContent()).toMatch(/req\/s$/)
    await page.getByTestId('job-status').getByText('running').waitFor()
    // The table fills in while the run goes, not only at its end.
    await expect
      .poll(async () => Number((await page.getByTestId('results-shown').textContent())?.split(' ')[0]), { timeout: 10_000 })
      .toBeGreaterThan(0)
    await page.mouse.move(0, 0)
    // The window only: a whole page of results takes longer to capture than this run takes to end.
    for (const scheme of ['light', 'dark'] as const) {
      await app.setScheme(scheme)
      await page.screenshot({ path: join(screenshotDir, `batch-running-${scheme}.png`) })
    }
    await app.setScheme('light')

    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByTestId('job-status').getByText('paused').waitFor()
    const paused = await progressText(page)
    expect(await page.getByTestId('batch-eta').textContent()).toBe('paused')
    await page.getByRole('button', { name: 'Resume' }).click()
    await page.getByTestId('job-status').getByText('running').waitFor()
    await expect.poll(() => progressText(page), { timeout: 10_000 }).not.toBe(paused)

    await expect.poll(() => progressText(page), { timeout: 45_000, interval: 250 }).toBe('302 / 302 looked up')
    await page.getByTestId('job-status').getByText('completed').waitFor()
    expect(await page.getByTestId('batch-eta').textContent()).toBe('done')
    expect(await page.getByTestId('batch-not-found').textContent()).toBe('2')
    expect(await page.getByTestId('batch-found').textContent()).toBe('300')
    // Of every ten generated payments, three failed.
    expect(await page.getByTestId('batch-failed').textContent()).toBe('90')
    await expect.poll(() => page.getByTestId('results-shown').textContent()).toBe('302 results')
    await page.getByTestId('chart-by-code').locator('.recharts-bar-rectangle').first().waitFor()
    // The counts are written on the bars, not only in hover tooltips: they add up to the 90 failed.
    const labels = async (chart: string) =>
      (await page.getByTestId(chart).locator('.recharts-label-list text').allTextContents()).map(Number)
    expect((await labels('chart-by-code')).reduce((a, b) => a + b, 0)).toBe(90)
    expect(await labels('chart-by-code')).toHaveLength(17)
    expect((await labels('chart-by-retryable')).reduce((a, b) => a + b, 0)).toBe(90)
    await bothSchemes(app, 'batch-results')
    await app.atSmallestWindow('batch-results')
  })

  it('filters the failures', async () => {
    const { page } = app
    await pickOutcome(page, 'Failed payments 90')
    await expect.poll(() => page.getByTestId('results-shown').textContent()).toBe('90 of 302 results')
    const rows = page.getByRole('grid', { name: 'Batch results' }).locator('tbody tr[data-index]')
    expect(await rows.first().textContent()).toContain('failed')
    for (const row of await rows.all()) expect(await row.getAttribute('data-outcome')).toBe('found')

    await pickOutcome(page, 'Not found 2')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.nth(0).textContent()).toContain('pay_unknown_1')

    await pickOutcome(page, /^All /)
    await page.getByLabel('Filter by ID').fill('pay_bulk_00000')
    await expect.poll(() => page.getByTestId('results-shown').textContent()).toBe('9 of 302 results')
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(() => page.getByTestId('results-shown').textContent()).toBe('302 results')
  })

  it('exports CSV with masked e-mails, and JSON', async () => {
    const { page } = app
    await page.getByRole('button', { name: 'Export CSV' }).click()
    await page.getByTestId('export-path').waitFor()
    const csvPath = (await page.getByTestId('export-path').textContent()) ?? ''
    expect(csvPath).toBe(join(dir, '1-E2E-report.csv'))
    const csv = (await readFile(csvPath, 'utf8')).trimEnd().split('\r\n')
    expect(csv[0]).toBe(
      'payment_id,outcome,status,amount,amount_assuming_minor_units,currency,payment_method,error_code,retryable,attempted_at,customer_email,lookup_error,account',
    )
    expect(csv).toHaveLength(303)
    const failedRow = csv.find((line) => line.startsWith(`${bulkPaymentId(6)},`))
    expect(failedRow).toMatch(/,failed,/)
    expect(csv.join('\n')).toMatch(/[a-z]\*\*\*@example\.(com|org|net)/)
    expect(csv.join('\n')).not.toMatch(/[a-z]{2,}@example\./)
    expect(csv.find((line) => line.startsWith('pay_unknown_1,'))).toMatch(/^pay_unknown_1,not-found,/)
    // Beside it, the failed amounts per currency: the 90 failed payments, each counted once.
    const summaryPath = (await page.getByTestId('export-summary-path').textContent()) ?? ''
    expect(summaryPath).toBe(join(dir, '1-E2E-report-failed-amounts.csv'))
    const summary = (await readFile(summaryPath, 'utf8')).trimEnd().split('\r\n')
    expect(summary[0]).toBe('currency,customer_can_retry,failed_payments,amount,amount_assuming_minor_units,payments_without_amount')
    expect(summary.slice(1).reduce((sum, line) => sum + Number(line.split(',')[2]), 0)).toBe(90)

    await page.getByRole('button', { name: 'Export JSON' }).click()
    await expect.poll(() => page.getByTestId('export-path').textContent()).toBe(join(dir, '2-E2E-report.json'))
    const json = JSON.parse(await readFile(join(dir, '2-E2E-report.json'), 'utf8')) as { id: string; customerEmail: string | null }[]
    expect(json).toHaveLength(302)
    expect(json.filter((r) => r.customerEmail !== null).every((r) => r.customerEmail?.includes('***@'))).toBe(true)

    await page.getByLabel('Include customer e-mails (otherwise masked)').check()
    await page.getByRole('button', { name: 'Export JSON' }).click()
    await expect.poll(() => page.getByTestId('export-path').textContent()).toBe(join(dir, '3-E2E-report.json'))
    expect(await readFile(join(dir, '3-E2E-report.json'), 'utf8')).toMatch(/"customerEmail": "[a-z]+@example\./)
  })

  it('opens a row on the Payments screen', async () => {
    const { page } = app
    await pickOutcome(page, 'Failed payments 90')
    await expect.poll(() => page.getByTestId('results-shown').textContent()).toBe('90 of 302 results')
    const row = page.getByRole('grid', { name: 'Batch results' }).locator('tbody tr[data-index]').first()
    const id = (await row.locator('td').first().textContent()) ?? ''
    expect(id).toMatch(/^pay_bulk_\d{6}$/)
    await row.click()
    await page
      .getByRole('dialog', { name: `Payment ${id}` })
      .getByRole('button', { name: 'Open on the Payments screen' })
      .click()
    await page.getByRole('heading', { name: 'Payments', level: 2 }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Payment ID' }).inputValue()).toBe(id)
    await page.getByTestId('failure-card').waitFor()
    await page.keyboard.press('Control+2')
    await page.getByRole('heading', { name: 'E2E report' }).waitFor()
    expect(await page.getByTestId('results-shown').textContent()).toBe('90 of 302 results')
  })

  it('reads a CSV file opened through the dialog, then runs it', async () => {
    const { page } = app
    await page.getByRole('button', { name: 'New batch' }).click()
    await page.getByRole('button', { name: 'Open CSV or TXT file…' }).click()
    await page.getByTestId('batch-file-name').getByText('report.csv').waitFor()
    expect(await page.getByTestId('csv-column').textContent()).toContain('payment_id')
    expect(await page.getByTestId('count-ids').textContent()).toBe('40 IDs to look up')
    expect(await page.getByLabel('Batch name').inputValue()).toBe('report.csv')
    await page.getByRole('button', { name: 'Look up 40 IDs' }).click()
    await expect.poll(() => progressText(page), { timeout: 30_000, interval: 250 }).toBe('40 / 40 looked up')
    await page.getByRole('button', { name: 'New batch' }).click()
    const earlier = page.getByRole('table', { name: 'Earlier batches' })
    await expect.poll(() => earlier.locator('tbody tr').count()).toBe(2)
    expect(await earlier.textContent()).toContain('E2E report')
  })
})
