import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchResult } from '../../src/shared/contract/batch-schema'
import type { IpcResult } from '../../src/shared/contract/ipc-result'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { startHostileServer, type HostileServer } from '../helpers/hostile-server'
import { waitFor } from '../helpers/wait-for'

// A hostile or broken service answers the app's own requests, reached through the IPC
// handlers as the renderer calls them: nothing it sends may be stored or sent over IPC
// unbounded, and every answer must survive the structured clone that carries it.

const MB = 1024 * 1024
/** Under the 2 MB body limit, so it is read and must be cut; and over it, so it is not read. */
const lengths = [1_500_000, 5 * MB]

let fixture: CoreFixture
let hostile: HostileServer

beforeAll(async () => {
  fixture = await startCoreFixture()
  hostile = await startHostileServer()
})
afterAll(async () => {
  await hostile.close()
  await fixture.close()
})

/** Points the operator environment at one of the hostile server's behaviours and makes it active. */
async function useService(path: string): Promise<void> {
  await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: `${hostile.baseUrl}${path}` } })
  await fixture.ok('setKey', { environment: 'operator', key: 'operator_key_for_hostile_tests' })
  await fixture.ok('updateSettings', { activeEnvironment: 'operator' })
}

/** What Electron's IPC does to every answer: it must not throw. */
function overIpc<T>(result: IpcResult<T>): IpcResult<T> {
  return structuredClone(result)
}

async function batchResultFor(id: string): Promise<BatchResult> {
  const job = await fixture.ok('batchStart', { ids: [id], label: `hostile ${id}` })
  await waitFor(async () => (await fixture.ok('batchList', {})).find((j) => j.id === job.id)?.status === 'completed', {
    timeoutMs: 15_000,
    what: 'the batch to complete',
  })
  const [result] = await fixture.ok('batchResults', { jobId: job.id })
  if (!result) throw new Error('the batch has no result')
  return result
}

describe('a huge error message from the service', () => {
  describe.each(lengths)('%i characters long', (length) => {
    it.each([400, 500])(
      'in a %i answer: the stored batch result holds a bounded message that says it was cut',
      async (status) => {
        await useService(`/long-message/${status}/${length}`)
        const result = await batchResultFor(`pay_long_${status}_${length}`)
        expect(result.outcome).toBe('error')
        expect(result.failure?.message.length).toBeLessThan(2_000)
        expect(result.failure?.message).toMatch(
          length < 2 * MB ? `(truncated, ${length.toLocaleString('en-US')} characters in all)` : /larger than 2 MB.*not read/,
        )
        const direct = overIpc(await fixture.call('getPayment', { id: 'pay_long_direct' }))
        expect(direct.ok ? null : direct.error.message.length).toBeLessThan(2_000)
      },
      30_000,
    )

    it('in a 404 answer: the batch result is "not found", with nothing of the message', async () => {
      await useService(`/long-message/404/${length}`)
      const result = await batchResultFor(`pay_long_404_${length}`)
      expect(result.outcome).toBe('not-found')
      expect(JSON.stringify(result).length).toBeLessThan(1_000)
    }, 30_000)
  })

  it.each([200_000, 1_000_000])(
    'a validation answer whose message array holds %i strings: bounded message and details',
    async (count) => {
      await useService(`/message-array/400/${count}`)
      const answer = overIpc(await fixture.call('getPayment', { id: 'pay_many_messages' }))
      if (answer.ok) throw new Error('expected an error')
      expect(answer.error.message.length).toBeLessThan(2_000)
      expect(answer.error.details?.length ?? 0).toBeLessThanOrEqual(21)
      expect(JSON.stringify(answer).length).toBeLessThan(8_000)
      if (count < 300_000) {
        expect(answer.error.details?.at(-1)).toBe(
          `… and ${(count - 20).toLocaleString('en-US')} more messages (${count.toLocaleString('en-US')} in all)`,
        )
      }
      const result = await batchResultFor('pay_many_messages_batch')
      expect(result.failure?.message.length).toBeLessThan(2_000)
    },
    30_000,
  )
})

describe('deeply nested or very wide JSON from the service', () => {
  it.each([100_000, 1_000_000])(
    'a payment nested %i levels deep: getPayment answers a bounded raw that survives IPC',
    async (levels) => {
      await useService(`/deep/${levels}`)
      const answer = overIpc(await fixture.call('getPayment', { id: 'pay_deep' }))
      if (!answer.ok) throw new Error(`getPayment failed: ${answer.error.code}: ${answer.error.message}`)
      expect(answer.value.payment).toMatchObject({ id: 'pay_deep', status: 'failed' })
      const text = JSON.stringify(answer.value.raw)
      expect(text.length).toBeLessThan(10_000)
      expect(text).toContain('nested deeper than 64 levels')
    },
    30_000,
  )

  it('a checkout answered with a deeply nested payment: the created payment still comes back, bounded', async () => {
    await useService('/deep/100000')
    const answer = overIpc(
      await fixture.call('createCheckout', {
        checkout: {
          products: [{ name: 'Deep', price: 100, quantity: 1 }],
          currency: 'EUR',
          customerEmail: 'ada@example.com',
          successUrl: 'https://shop.example.com/ok',
          cancelUrl: 'https://shop.example.com/cancel',
        },
      }),
    )
    if (!answer.ok) throw new Error(`createCheckout failed: ${answer.error.code}: ${answer.error.message}`)
    expect(answer.value.payment.id).toBe('pay_deep')
    expect(JSON.stringify(answer.value.raw)).toContain('nested deeper than 64 levels')
  }, 30_000)

  it('a payment with 100,000 array items and 100,000 fields: raw keeps the first 1,000 of each and says how many were left out', async () => {
    await useService('/wide/100000')
    const answer = overIpc(await fixture.call('getPayment', { id: 'pay_wide' }))
    if (!answer.ok) throw new Error(`getPayment failed: ${answer.error.code}: ${answer.error.message}`)
    const raw = answer.value.raw as { items: unknown[]; fields: Record<string, unknown> }
    expect(raw.items).toHaveLength(1_001)
    expect(raw.items.at(-1)).toContain('99,000 more items')
    expect(Object.keys(raw.fields)).toHaveLength(1_001)
    expect(JSON.stringify(raw.fields)).toContain('99,000 more fields')
  }, 30_000)
})
