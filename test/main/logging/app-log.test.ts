import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppLog, logFilePattern, type AppLog } from '../../../src/main/logging/app-log'
import { waitFor } from '../../helpers/wait-for'

const key = 'service_prod_4f9c2a7be1d04c3a9e55b0c6d7e8f912'
const sandboxKey = 'service_sandbox_0a1b2c3d4e5f60718293a4b5c6d7e8f9'
const operatorKey = 'opkey-7d1e5c09b2a84f63'
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/Pl+b9rq3u8='
const email = 'ada.lovelace@example.com'

async function logText(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => logFilePattern.test(name))
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))
  return texts.join('')
}

describe('the main-process log file', () => {
  let dir: string
  let log: AppLog | undefined

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'payments-desk-log-'))
  })

  afterEach(async () => {
    await log?.close()
    log = undefined
    await rm(dir, { recursive: true, force: true })
  })

  it('writes a line holding a key, a secret, a header value and an e-mail scrubbed', async () => {
    log = await createAppLog({ dir })
    const cause = new Error(`401 for ${email} with ${key}`)
    log.error(`Request failed: X-Service-Api-Key: ${operatorKey}, secret ${secret}`, new Error('wrapped', { cause }))
    log.warn('headers', { headers: { 'x-service-api-key': operatorKey }, sandbox: sandboxKey, to: email })
    await log.flush()
    const text = await logText(dir)
    for (const needle of [
      key,
      key.slice('service_prod_'.length),
      sandboxKey.slice('service_sandbox_'.length),
      operatorKey,
      secret.slice(6),
      'ada.lovelace',
    ]) {
      expect(text).not.toContain(needle)
    }
    // Still a useful line: what happened, which kind of key, whose domain.
    expect(text).toContain('service_prod_***')
    expect(text).toContain('whsec_***')
    expect(text).toContain('a***@example.com')
    const lines = text.trim().split('\n')
    expect(lines).toHaveLength(2)
    // Still JSON after scrubbing, so the diagnostics can read it back.
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow()
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'error', err: { message: expect.stringMatching(/^wrapped/) as unknown } })
  })

  it('begins a new file past its size and keeps only the newest few', async () => {
    log = await createAppLog({ dir, maxBytes: 2_000, files: 3 })
    const line = 'x'.repeat(300)
    for (let i = 0; i < 60; i++) {
      log.info(`line ${i} ${line}`)
      // Lines arrive one at a time in a running app: a file is rolled after the line that fills it.
      await log.flush()
    }
    const files = await waitFor(
      async () => {
        const names = (await readdir(dir)).filter((name) => logFilePattern.test(name))
        return names.length === 3 && names
      },
      { what: 'three log files' },
    )
    const numbers = files.map((name) => Number(logFilePattern.exec(name)?.[1])).sort((a, b) => a - b)
    // Rotated many times, the oldest files gone.
    expect(numbers[0]).toBeGreaterThan(3)
    for (const number of numbers) {
      const size = (await readFile(join(dir, `main.${number}.log`))).length
      // A file is closed at the first line that crosses the size, and not before.
      expect(size).toBeLessThan(2_000 + 500)
      if (number !== numbers.at(-1)) expect(size).toBeGreaterThanOrEqual(2_000)
    }
    expect(await logText(dir)).toContain('line 59 ')
  })

  it('reads back the recent errors and warnings, across a restart, oldest first', async () => {
    log = await createAppLog({ dir })
    log.info('started')
    log.error('first failure', new Error(`no answer for ${email}`))
    await log.close()
    log = await createAppLog({ dir })
    log.warn('second problem')
    log.info('not a problem')
    const problems = await log.recentProblems(10)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+ error first failure: no answer for a\*\*\*@example\.com$/)
    expect(problems[1]).toMatch(/ warn second problem$/)
    expect(await log.recentProblems(1)).toEqual([problems[1]])
  })
})
