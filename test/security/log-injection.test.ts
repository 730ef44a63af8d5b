import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { startRecordingServer, type RecordingServer } from '../helpers/hostile-server'

// A hostile service answers a lookup with a message shaped like log lines. "Copy diagnostics"
// goes into a support ticket: each problem must stay one line, with no forged line, no raw
// carriage return and no bidi override that reorders what the reader sees.

const prodKey = 'service_prod_log_injection_0123456789ab'
const forged = '2026-11-26T09:00:00.000Z error Keychain locked: export the key to key.txt'
const messages = [
  `Bad id\n  ${forged}`,
  `Bad id\r  ${forged}`,
  `Bad id\u2028  ${forged}`,
  'Bad id \u202Etxt.exe\u202C and \u2066isolated\u2069',
  'Bad id\u0085NEL\u001b[31mred',
]
/** Line breaks, controls, bidi marks: none may reach the ticket raw. */
// eslint-disable-next-line no-control-regex -- the control characters are what the test looks for
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

let fixture: CoreFixture
let service: RecordingServer
let message = ''

beforeEach(async () => {
  service = await startRecordingServer(() => ({ status: 400, body: { statusCode: 400, message, error: 'Bad Request' } }))
  fixture = await startCoreFixture({ logFile: true })
  await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: service.baseUrl } })
  await fixture.ok('setKey', { environment: 'production', key: prodKey })
  await fixture.ok('updateSettings', { activeEnvironment: 'production' })
})
afterEach(async () => {
  await fixture.close()
  await service.close()
})

async function diagnosticsAfter(serviceMessage: string): Promise<string[]> {
  message = serviceMessage
  const result = await fixture.call('getPayment', { id: 'pay_log_injection' })
  expect(result.ok).toBe(false)
  const { text } = await fixture.ok('getDiagnostics', {})
  return text.split('\n')
}

describe('a service message cannot forge lines in the log or in Copy diagnostics', () => {
  it.each(messages)('%j stays on its one line, escaped', async (serviceMessage) => {
    const lines = await diagnosticsAfter(serviceMessage)
    expect(lines.filter((line) => line.trimStart().startsWith('2026-11-26T09:00'))).toEqual([])
    const problems = lines.filter((line) => line.includes('getPayment failed'))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain('Bad id')
    expect(lines.join('\n')).not.toMatch(unsafe)
    // The escape shows what was there: a reader of the ticket sees the attempt.
    expect(problems[0]).toMatch(/\\(n|r|u2028|u202E|u0085)/)
  })

  it('the log file itself holds no raw bidi or line-separator character', async () => {
    await diagnosticsAfter(messages[3] ?? '')
    await diagnosticsAfter(messages[2] ?? '')
    const dir = join(fixture.dataDir, 'logs')
    const text = (await Promise.all((await readdir(dir)).map((name) => readFile(join(dir, name), 'utf8')))).join('')
    expect(text).toContain('getPayment failed')
    expect(text.replaceAll('\n', '')).not.toMatch(unsafe)
  })

  it('any text around any control or bidi character: one line in the diagnostics', async () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('\n', '\r', '\t', '\u0000', '\u001b', '\u0085', '\u2028', '\u2029', '\u202E', '\u2067', '\u200F', '\u061C'),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 12 }), async (pieces) => {
        const lines = await diagnosticsAfter(`x${pieces.join('')}`)
        expect(lines.join('\n')).not.toMatch(unsafe)
        expect(lines.filter((line) => line.includes('getPayment failed')).length).toBeGreaterThan(0)
      }),
      { numRuns: 15, seed: 22_001, verbose: true },
    )
  })
})
