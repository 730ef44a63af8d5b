import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { webhookSecretAccount } from '../../../src/main/secrets/keychain'
import type { ErrorCode } from '../../../src/shared/app-error'
import type { InvokeName } from '../../../src/shared/contract/channels'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'

// Each failure answers a code of its own, through the dispatcher as the renderer calls it.
// The fixture fails a call whose handler ends in a code its channel does not declare, so a
// handler that borrows the dispatcher's 'validation' or 'forbidden' fails here too.

describe('every failure answers its own code', () => {
  let fixture: CoreFixture

  beforeEach(async () => {
    fixture = await startCoreFixture()
  })
  afterEach(async () => {
    await fixture.close()
  })

  async function failure(name: InvokeName, request: unknown): Promise<{ code: ErrorCode; message: string }> {
    const result = await fixture.call(name, request)
    if (result.ok) throw new Error(`${name} succeeded: ${JSON.stringify(result.value)}`)
    return result.error
  }

  it('a connection test the service answers with 401 fails as key-rejected, not as a success saying ok: false', async () => {
    await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: fixture.sandbox.baseUrl } })
    await fixture.ok('setKey', { environment: 'operator', key: `${fixture.sandbox.apiKey}_not_this_one` })
    expect(await failure('testKey', { environment: 'operator' })).toEqual({
      code: 'key-rejected',
      message: 'Operator sandbox refused this key (401). Check that it is the private key of this account, or replace it.',
    })
  })

  it('a connection test that cannot reach the service fails with that reason', async () => {
    expect((await failure('testKey', { environment: 'operator' })).code).toBe('invalid-url')
  })

  it('an accepted key is a plain success', async () => {
    expect(await fixture.ok('testKey', { environment: 'local' })).toEqual({ message: 'Connected to Local sandbox: the key is accepted.' })
  })

  it('test events and deliveries outside the local sandbox answer sandbox-only', async () => {
    await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: fixture.sandbox.baseUrl } })
    await fixture.ok('updateSettings', { activeEnvironment: 'operator' })
    expect((await failure('sendTestEvent', { type: 'payment.settled', paymentId: 'pay_1' })).code).toBe('sandbox-only')
    expect((await failure('listSandboxDeliveries', {})).code).toBe('sandbox-only')
  })

  it('an endpoint this app did not register answers endpoint-not-found', async () => {
    expect((await failure('revealWebhookSecret', { endpointId: 'ep_unknown' })).code).toBe('endpoint-not-found')
    const check = {
      body: '{}',
      hookId: 'msg_1',
      hookTimestamp: '1',
      hookSignature: 'v1,x',
      secret: { endpointId: 'ep_unknown' },
      ignoreTimestamp: true,
    }
    expect((await failure('verifySignature', check)).code).toBe('endpoint-not-found')
  })

  it('an endpoint whose secret left the keychain answers secret-not-in-keychain', async () => {
    const endpoint = await fixture.ok('registerWebhook', { url: 'http://127.0.0.1:9/hooks', connect: false })
    await fixture.secrets.delete(webhookSecretAccount(endpoint.id))
    const check = {
      body: '{}',
      hookId: 'msg_1',
      hookTimestamp: '1',
      hookSignature: 'v1,x',
      secret: { endpointId: endpoint.id },
      ignoreTimestamp: true,
    }
    expect((await failure('verifySignature', check)).code).toBe('secret-not-in-keychain')
  })

  it('a batch ID that is not there answers batch-not-found on every batch channel', async () => {
    for (const name of ['batchPause', 'batchResume', 'batchCancel', 'batchResults'] as const) {
      expect((await failure(name, { jobId: 'batch_nope' })).code, name).toBe('batch-not-found')
    }
    expect((await failure('batchExport', { jobId: 'batch_nope', format: 'csv', includeEmails: false })).code).toBe('batch-not-found')
  })

  it('a batch of blank IDs answers no-ids', async () => {
    expect(await failure('batchStart', { ids: ['  ', ''], label: '' })).toEqual({ code: 'no-ids', message: 'There are no IDs to look up.' })
  })
})
