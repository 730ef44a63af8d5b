import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'

describe('a stored key stays with the service it was entered for', () => {
  let fixture: CoreFixture

  beforeEach(async () => {
    fixture = await startCoreFixture()
    await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: fixture.sandbox.baseUrl } })
    await fixture.ok('setKey', { environment: 'operator', key: fixture.sandbox.apiKey })
  })
  afterEach(async () => {
    await fixture.close()
  })

  it('removes the key when the base URL moves to another host, says so, and sends nothing there', async () => {
    const view = await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: 'https://other-service.invalid' } })
    expect(view.environments.find((e) => e.id === 'operator')?.hasKey).toBe(false)
    expect(view.notice).toContain('was removed because its base URL moved to another host (other-service.invalid)')
    const test = await fixture.call('testKey', { environment: 'operator' })
    expect(test.ok ? null : test.error).toMatchObject({
      code: 'no-key',
      message: expect.stringContaining('No private key is stored for Operator sandbox') as string,
    })
    expect(fixture.core.requestLog.snapshot().some((e) => e.path.includes('other-service'))).toBe(false)
  })

  it('keeps the key when only the path on the same host changes', async () => {
    const view = await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: `${fixture.sandbox.baseUrl}/` } })
    expect(view.environments.find((e) => e.id === 'operator')?.hasKey).toBe(true)
    expect(await fixture.ok('testKey', { environment: 'operator' })).toEqual({
      message: 'Connected to Operator sandbox: the key is accepted.',
    })
  })
})

describe('a webhook secret is revealed once', () => {
  it('answers the second reveal with a clear refusal', async () => {
    const fixture = await startCoreFixture()
    try {
      const endpoint = await fixture.ok('registerWebhook', { url: 'http://127.0.0.1:9/hooks', connect: false })
      expect((await fixture.ok('revealWebhookSecret', { endpointId: endpoint.id })).secret).toMatch(/^whsec_/)
      const again = await fixture.call('revealWebhookSecret', { endpointId: endpoint.id })
      expect(again.ok ? null : again.error).toMatchObject({
        code: 'secret-already-revealed',
        message: expect.stringContaining('shown only once') as string,
      })
    } finally {
      await fixture.close()
    }
  })
})

describe('throttle settings from IPC', () => {
  it('treats a field sent as undefined as "leave it", not as an error', async () => {
    const fixture = await startCoreFixture()
    try {
      const result = await fixture.ok('configureScheduler', { concurrency: undefined, ceiling: 40 })
      expect(result.config).toEqual({ ceiling: 40, concurrency: 16, headroom: 0.1 })
    } finally {
      await fixture.close()
    }
  })
})
