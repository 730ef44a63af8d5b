import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openApp, screenshotDir, type AppPage } from './harness'

async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' })
  for (const button of await close.all()) await button.click()
  await expect.poll(() => close.count()).toBe(0)
}

/** The section alone, in both schemes: the rest of Settings has screenshots of its own. */
async function sectionShots(app: AppPage, name: string): Promise<void> {
  await dismissNotifications(app.page)
  const section = app.page.getByTestId('audit-section')
  await section.scrollIntoViewIfNeeded()
  await app.page.mouse.move(0, 0)
  for (const scheme of ['light', 'dark'] as const) {
    await app.setScheme(scheme)
    await section.screenshot({ path: join(screenshotDir, `${name}-${scheme}.png`) })
  }
  await app.setScheme('light')
}

async function rowTexts(page: Page): Promise<string[][]> {
  const rows = await page.getByTestId('audit-table').locator('tbody tr').all()
  return Promise.all(rows.map((row) => row.locator('td').allTextContents()))
}

describe('Settings: audit log', () => {
  let browser: Browser
  let app: AppPage
  let exportDir: string

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'payments-desk-audit-e2e-'))
    browser = await launchBrowser()
    app = await openApp(browser, {
      dialogs: { chooseIdFile: () => Promise.resolve(null), chooseExportPath: (name) => Promise.resolve(join(exportDir, name)) },
    })
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
    await rm(exportDir, { recursive: true, force: true })
  })

  it('shows entries as a key is stored and the environment switched, newest first, with no key in sight', async () => {
    const { page, fixture } = app
    await page.getByLabel('Screens').getByText('Settings', { exact: true }).click()
    const section = page.getByTestId('audit-section')
    await section.getByText(/Nothing recorded yet/).waitFor()

    await page.getByRole('tab', { name: /Operator sandbox/ }).click()
    const panel = page.getByTestId('environment-panel-operator')
    await panel.getByLabel('Base URL').fill(fixture.sandbox.baseUrl)
    await panel.getByRole('button', { name: 'Save URL' }).click()
    // Saved, not only sent (a loading button is disabled too): the key is bound to the saved URL.
    await expect.poll(() => panel.getByRole('button', { name: 'Save URL' }).getAttribute('data-disabled')).toBe('true')
    await panel.getByLabel('Private key').fill(fixture.sandbox.apiKey)
    await panel.getByRole('button', { name: 'Save key' }).click()
    await panel.getByText('A key is stored in the system keychain').waitFor()
    await page.getByRole('radio', { name: /Operator sandbox/ }).click()
    await expect.poll(() => page.getByTestId('environment-badge').textContent()).toBe('Operator sandbox')

    await section.getByText('Intact: 3 entries, keyed chain verified').waitFor()
    const rows = await rowTexts(page)
    // A key belongs to an account; a switch of environment or its base URL to none.
    expect(rows.map((cells) => [cells[0], cells[3], cells[4], cells[5]])).toEqual([
      ['3', 'Operator sandbox', '', 'Environment switched'],
      ['2', 'Operator sandbox', 'Default', 'Key stored'],
      ['1', 'Operator sandbox', '', 'Base URL changed'],
    ])
    expect(rows[0]?.[6]).toBe('Switched from Local sandbox to Operator sandbox')
    expect(rows[1]?.[6]).toMatch(/^Stored a private key for Operator sandbox \(SHA256:[0-9a-f ]{19}\)$/)
    expect(await page.content()).not.toContain(fixture.sandbox.apiKey)
    expect(await readFile(join(fixture.dataDir, 'audit.jsonl'), 'utf8')).not.toContain(fixture.sandbox.apiKey)
    await sectionShots(app, 'settings-audit')
  })

  it('exports the log through the save dialog', async () => {
    const { page } = app
    const section = page.getByTestId('audit-section')
    await section.getByRole('button', { name: 'Export JSON' }).click()
    const outcome = page.getByTestId('audit-export-outcome')
    await outcome.getByText('Exported as JSON').waitFor()
    const path = await outcome.locator('[title]').first().getAttribute('title')
    expect(path?.startsWith(exportDir)).toBe(true)
    const exported = JSON.parse(await readFile(path ?? '', 'utf8')) as { verification: { ok: boolean }; entries: unknown[] }
    expect(exported.verification.ok).toBe(true)
    expect(exported.entries).toHaveLength(3)
  })

  it('reports an entry changed behind the app, in red, on the next check', async () => {
    const { page, fixture } = app
    const file = join(fixture.dataDir, 'audit.jsonl')
    const text = await readFile(file, 'utf8')
    await writeFile(file, text.replace('Switched from Local sandbox', 'Switched from Production'))
    const section = page.getByTestId('audit-section')
    await section.getByRole('button', { name: 'Check again' }).click()
    const verdict = section.getByTestId('audit-verdict')
    await verdict.getByText('The audit log failed its check: 1 problem').waitFor()
    expect(await verdict.textContent()).toContain(
      'Entry 3 fails its keyed check: it was changed after it was written, or was not written by Payments Desk.',
    )
    expect(await verdict.getAttribute('data-ok')).toBe('false')
    expect(await section.locator('tbody tr[data-problem]').count()).toBe(1)
    await sectionShots(app, 'settings-audit-tampered')
  })
})
