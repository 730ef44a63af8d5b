import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreFixture } from '../helpers/app-core-fixture'
import { startExportFixture, type ExportFixture } from '../helpers/export-fixture'
import { apiClient } from '../helpers/sandbox-client'
import { waitForStatus } from '../main/batch/batch-helpers'

// Item 3 of the audit: a customer's address typed into the payment lookup lands in the
// request log's path, URL-encoded; the service's customer e-mails land in batch exports.
// Both reach the renderer or a file through the real handlers: the local part must be
// hidden whatever script or encoding the address is written in.

let exports: ExportFixture
let fixture: CoreFixture

beforeAll(async () => {
  exports = await startExportFixture('payments-desk-mask-')
  fixture = exports.fixture
})
afterAll(() => exports.close())

const addresses: [address: string, hidden: string][] = [
  ['zoë@bücher.example', 'oë'],
  ['josé.garcía@example.es', 'osé.garcía'],
  ['ADA.LOVELACE+Billing@Mail.Example.CO.UK', 'DA.LOVELACE'],
  ['山田@例え.テスト', '田'],
]

describe('e-mail addresses looked up as payment IDs', () => {
  // Typed with the at-sign already encoded: the client encodes its % again, so the log holds %2540.
  const typed: [string, string][] = [...addresses, ['grace.hopper%40navy.example', 'race.hopper']]

  it.each(typed)('%s is masked in the request log the renderer reads', async (address, hidden) => {
    const before = (await fixture.ok('getRequestLog', {})).length
    await fixture.call('getPayment', { id: address })
    const paths = (await fixture.ok('getRequestLog', {})).slice(before).map((entry) => entry.path)
    expect(paths.length).toBeGreaterThan(0)
    for (const path of paths) {
      expect(decodeURIComponent(decodeURIComponent(path))).not.toContain(hidden)
      expect(path).toContain('***')
    }
  })
})

describe('customer e-mails from the service in a batch export', () => {
  it('are masked in the CSV and JSON files unless the user asks for them', async () => {
    const api = apiClient(fixture.sandbox)
    const ids: string[] = []
    for (const [customerEmail] of addresses) {
      const order = {
        products: [{ name: 'Seat', price: 2500, quantity: 1 }],
        currency: 'EUR',
        customerEmail,
        successUrl: 'https://shop.example/ok',
        cancelUrl: 'https://shop.example/no',
      }
      const created = await api.post('/api/checkout/payment', order)
      expect(created.status, created.text).toBe(201)
      ids.push((created.json as { id: string }).id)
    }
    const job = await fixture.ok('batchStart', { ids, label: 'customers' })
    await waitForStatus(fixture.core, job.id, 'completed')
    for (const format of ['csv', 'json'] as const) {
      const exportPath = exports.exportTo(`customers.${format}`)
      await fixture.ok('batchExport', { jobId: job.id, format, includeEmails: false })
      const text = await readFile(exportPath, 'utf8')
      for (const [address, hidden] of addresses) {
        expect(text).not.toContain(hidden)
        expect(text).toContain(`${address.slice(0, 1)}***${address.slice(address.indexOf('@'))}`)
      }
    }
  })
})
