import { afterEach, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'

// JSON.parse keeps the last of two equal keys, so a line appended to the policy file (by an
// installer, a merge, a hand) could widen the role while the first one still reads "support".
// A policy with a duplicate key anywhere is invalid: the most restricted start, saying why.

const files: [string, string][] = [
  ['the role twice', '{"version":1,"role":"support","role":"admin"}'],
  ['the role twice, the second escaped', '{"version":1,"role":"support","r\\u006fle":"admin"}'],
  [
    'a nested duplicate',
    '{"version":1,"role":"support","environments":{"local":{},"production":{"baseUrl":"https://a.example.com","baseUrl":"https://b.example.com"}}}',
  ],
  ['a duplicate in the throttle', '{"version":1,"role":"support","throttle":{"concurrency":2,"concurrency":64}}'],
]

let fixture: CoreFixture | undefined
afterEach(async () => {
  await fixture?.close()
  fixture = undefined
})

describe('a policy file with a duplicate key is invalid', () => {
  it.each(files)('%s: support role, Local sandbox only, and the notice names the key', async (_, text) => {
    fixture = await startCoreFixture({ policy: text })
    const view = await fixture.ok('getSettings', {})
    expect(view.policy).toMatchObject({ source: 'restricted', role: 'support', allowedEnvironments: ['local'] })
    expect(view.notice).toMatch(/could not be used: .*duplicate key "(role|baseUrl|concurrency)".* most restricted mode/)
    expect(
      await fixture.call('createCheckout', {
        checkout: { products: [], currency: 'EUR', customerEmail: '', successUrl: '', cancelUrl: '' },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not-allowed-by-policy' },
    })
  })

  it('equal keys in different objects are not duplicates', async () => {
    fixture = await startCoreFixture({
      policy:
        '{"version":1,"role":"admin","environments":{"production":{"baseUrl":"https://a.example.com"},"operator":{"baseUrl":"https://b.example.com"}}}',
    })
    expect((await fixture.ok('getSettings', {})).policy).toMatchObject({ source: 'file', role: 'admin' })
  })
})
