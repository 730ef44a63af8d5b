import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { startRecordingServer, type RecordingServer } from '../helpers/hostile-server'
import { waitFor } from '../helpers/wait-for'

// "." or ".." as a payment ID is removed by URL normalisation: GET /api/payment/. becomes
// GET /api/payment/, another resource than a payment. No such ID reaches the service, from
// the lookup field, a link or a batch; and the API client sends no path that normalisation changes.

const dotIds = ['.', '..', '%2e', '%2E%2e', '.%2E']

let fixture: CoreFixture
let service: RecordingServer

beforeEach(async () => {
  service = await startRecordingServer(() => ({ status: 404, body: { statusCode: 404, message: 'Not Found', error: 'Not Found' } }))
  fixture = await startCoreFixture()
  await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: service.baseUrl } })
  await fixture.ok('setKey', { environment: 'operator', key: 'operator_key_for_dot_segments_0123' })
  await fixture.ok('updateSettings', { activeEnvironment: 'operator' })
})
afterEach(async () => {
  await fixture.close()
  await service.close()
})

describe('an ID that URL normalisation would change never reaches the service', () => {
  it.each(['.', '..'])('the lookup field: %j is refused before any request', async (id) => {
    const result = await fixture.call('getPayment', { id })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-id' } })
    const everywhere = await fixture.call('findPaymentInAccounts', { id })
    expect(everywhere.ok).toBe(false)
    expect(service.requests).toEqual([])
  })

  it.each(dotIds)('a link to payments-desk://payment/%s opens nothing', async (segment) => {
    fixture.core.links.receive(`payments-desk://payment/${segment}`)
    expect(await fixture.call('takePaymentLink', {})).toMatchObject({ ok: false, error: { code: 'link-invalid' } })
    expect(service.requests).toEqual([])
  })

  it('a batch list holding . and .. looks neither up', async () => {
    const job = await fixture.ok('batchStart', { ids: ['.', '..', 'pay_real_one'], label: 'dots' })
    await waitFor(() => fixture.core.batches.list().find((j) => j.id === job.id)?.status === 'completed', { what: 'the batch to end' })
    const results = await fixture.ok('batchResults', { jobId: job.id })
    expect(results.filter((r) => r.id.startsWith('.')).map((r) => r.outcome)).toEqual(['error', 'error'])
    expect(service.requests.map((r) => r.path)).toEqual(['/api/payment/pay_real_one'])
  })

  it('the API client refuses a path whose normalised form differs from the one it built', async () => {
    for (const path of ['/api/payment/.', '/api/payment/..', '/api/payment/./x', '/api/payment/a/../b', '/api/payment/%2e%2e']) {
      await expect(fixture.core.client.send({ method: 'GET', path, priority: 'interactive' }), path).rejects.toMatchObject({
        code: 'invalid-id',
      })
    }
    expect(service.requests).toEqual([])
  })

  it('any ID the lookup accepts is sent as exactly one path segment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('.', '%', '2', 'e', 'E', '\\', 'a', '/', ';', '~'), minLength: 1, maxLength: 6 }),
        async (id) => {
          service.requests.length = 0
          await fixture.call('getPayment', { id })
          for (const request of service.requests) expect(request.path).toBe(`/api/payment/${encodeURIComponent(id)}`)
        },
      ),
      { numRuns: 60, seed: 22_007, verbose: true },
    )
  })
})
