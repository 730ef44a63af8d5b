import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { startRecordingServer, type RecordingServer } from '../helpers/hostile-server'
import { filesAsHaystacks, findLeaks, type Haystack } from '../helpers/secret-scan'
import { waitFor } from '../helpers/wait-for'

// A hostile (or careless) service echoes the key it was sent, or a webhook secret it once
// issued, in its answers. Whatever the shape, neither may reach the renderer's error, the log
// file, Copy diagnostics or a stored batch result.

const prodKey = 'service_prod_echo_0123456789abcdefABCDEF'

/** Each way the service words it: `s` is a secret the service knows. */
const echoes: [string, (s: string) => unknown][] = [
  ['as is', (s) => `Invalid API key ${s}`],
  ['percent-encoded', (s) => `Invalid API key ${encodeURIComponent(s).replace(/_/g, '%5F')}`],
  ['twice percent-encoded', (s) => `key=${encodeURIComponent(encodeURIComponent(s).replace(/_/g, '%5F'))}`],
  [
    'JSON-escaped inside the message',
    (s) => `{"key":"${Array.from(s, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`,
  ],
  ['without its prefix', (s) => `Unknown key ending ${s.replace(/^(service_prod_|whsec_)/, '')}`],
  ['in a list of messages', (s) => ['id must be a string', `key ${s} is revoked`]],
]

let fixture: CoreFixture
let service: RecordingServer
let echoed: (id: string) => unknown
let webhookSecret: string

beforeEach(async () => {
  echoed = () => 'nothing'
  // A 401 pauses a batch before it stores a result: its lookups get a 400, whose message a result keeps.
  service = await startRecordingServer((request) =>
    request.path.includes('batch')
      ? { status: 400, body: { statusCode: 400, message: echoed(request.path), error: 'Bad Request' } }
      : { status: 401, body: { statusCode: 401, message: echoed(request.path), error: 'Unauthorized' } },
  )
  fixture = await startCoreFixture({ logFile: true })
  // A webhook secret the app holds (registered in the local sandbox).
  const endpoint = await fixture.ok('registerWebhook', { url: 'http://127.0.0.1:9/hook', connect: false })
  webhookSecret = (await fixture.ok('revealWebhookSecret', { endpointId: endpoint.id })).secret
  await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: service.baseUrl } })
  await fixture.ok('setKey', { environment: 'production', key: prodKey })
  await fixture.ok('updateSettings', { activeEnvironment: 'production' })
})
afterEach(async () => {
  await fixture.close()
  await service.close()
})

async function haystacks(): Promise<Haystack[]> {
  const answers = fixture.responses
    .filter((r) => r.name !== 'revealWebhookSecret')
    .map((r, i) => ({ where: `IPC answer ${i} (${r.name})`, text: JSON.stringify(r.result) }))
  const { text } = await fixture.ok('getDiagnostics', {})
  const plain = [...answers, { where: 'diagnostics', text }, ...(await filesAsHaystacks(join(fixture.dataDir)))]
  // Each also read as a person (or a script) would decode it: \\u escapes, percent-encoding, twice.
  return plain.flatMap((haystack) => [haystack, { where: `${haystack.where}, decoded`, text: decoded(decoded(haystack.text)) }])
}

function decoded(text: string): string {
  const unescaped = text.replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return unescaped.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

describe('a key or webhook secret echoed by the service reaches no error, log line or stored result', () => {
  it.each(echoes)('%s', async (_, word) => {
    echoed = (path) => (path.includes('whsec') ? word(webhookSecret) : word(path.includes('pay_b') ? webhookSecret : prodKey))
    const lookup = await fixture.call('getPayment', { id: 'pay_a_lookup' })
    expect(lookup.ok).toBe(false)
    const again = await fixture.call('getPayment', { id: 'pay_b_lookup' })
    expect(again.ok).toBe(false)
    // A batch stores each failure's message in its results.
    const job = await fixture.ok('batchStart', { ids: ['pay_a_batch', 'pay_b_batch'], label: 'echo' })
    await waitFor(() => fixture.core.batches.list().find((j) => j.id === job.id)?.status === 'completed', {
      what: 'the batch to end',
      timeoutMs: 10_000,
    })
    const results = await fixture.ok('batchResults', { jobId: job.id })
    expect(results.map((r) => r.outcome)).toEqual(['error', 'error'])
    const leaks = findLeaks(
      [
        { name: 'production key', value: prodKey },
        { name: 'webhook secret', value: webhookSecret },
      ],
      await haystacks(),
    )
    expect(leaks).toEqual([])
    // The message still says what the service said, with the secret hidden.
    expect(lookup.ok ? '' : JSON.stringify(lookup.error)).toMatch(/\[removed: the key in use\]|\[removed: a webhook secret\]/)
  })

  it('a registration that hands back a secret the app already holds stores it intact (the key is still removed)', async () => {
    await service.close()
    service = await startRecordingServer(() => ({
      status: 201,
      body: { id: 'we_again', url: 'https://hooks.example.com/in', secret: webhookSecret, note: `for ${prodKey}` },
    }))
    await fixture.ok('updateSettings', { activeEnvironment: 'local' })
    await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: service.baseUrl } })
    await fixture.ok('setKey', { environment: 'operator', key: prodKey.replace('service_prod_', 'operator_') })
    await fixture.ok('updateSettings', { activeEnvironment: 'operator' })
    const endpoint = await fixture.ok('registerWebhook', { url: 'https://hooks.example.com/in', connect: false })
    expect((await fixture.ok('revealWebhookSecret', { endpointId: endpoint.id })).secret).toBe(webhookSecret)
  })
})
