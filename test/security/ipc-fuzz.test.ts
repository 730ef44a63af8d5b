import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createDispatcher, type Handlers, type Sender } from '../../src/main/ipc/dispatcher'
import { writeApiKey } from '../../src/main/secrets/api-key-item'
import { isTrustedSender } from '../../src/main/window-policy'
import { errorCodes } from '../../src/shared/app-error'
import { invokeContract, type InvokeName } from '../../src/shared/contract/channels'
import type { IpcResult } from '../../src/shared/contract/ipc-result'
import { isLoopbackHost } from '../../src/shared/environments'
import { appSender, startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { waitFor } from '../helpers/wait-for'
import { anyPayload, mutated, regressions, untrustedSenders, validPayloads, type KnownIds } from './ipc-payloads'
import { declaresError } from '../../src/shared/contract/channel-errors'

// Every channel of the contract, through the real dispatcher of the real core (sandbox,
// keychain, data folder), as a compromised renderer would call it.

const runs = { hostile: 150, valid: 100, untrusted: 40 }
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined
const channels = Object.keys(invokeContract) as InvokeName[]
const appUrl = appSender.frameUrl ?? ''

const resultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }).strict(),
  z
    .object({
      ok: z.literal(false),
      error: z
        .object({ code: z.enum(errorCodes), message: z.string().min(1).max(2_000), details: z.array(z.string()).optional() })
        .strict(),
    })
    .strict(),
])

const schemasOf = (name: InvokeName): { request: z.ZodType; response: z.ZodType } => invokeContract[name]

function prototypeNames(): string[] {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .flatMap((proto) => Reflect.ownKeys(proto).map(String))
    .sort()
}

describe('IPC fuzzing through the real dispatcher', () => {
  let fixture: CoreFixture
  let known: KnownIds
  let valid: Record<InvokeName, fc.Arbitrary<unknown>>
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => {
    unhandled.push(reason)
  }
  const remoteFetches: string[] = []
  const realFetch = globalThis.fetch
  const prototypesBefore = prototypeNames()
  const counts = { dispatches: 0, started: performance.now() }

  /** Dispatches one payload and checks the answer is a well-formed result; returns it. */
  async function dispatch(name: InvokeName, payload: unknown, sender: Sender = appSender): Promise<IpcResult<unknown>> {
    const acceptable = schemasOf(name).request.safeParse(payload).success
    counts.dispatches += 1
    let result: IpcResult<unknown>
    try {
      result = await fixture.core.dispatcher.dispatch(name, sender, payload)
    } catch (error) {
      throw new Error(`${name} threw instead of answering: ${String(error)}`, { cause: error })
    }
    expect(resultSchema.safeParse(result).success, `${name}: not a well-formed result: ${JSON.stringify(result).slice(0, 300)}`).toBe(true)
    // Every answer must survive the structured clone that carries it over IPC.
    expect(() => structuredClone(result)).not.toThrow()
    if (result.ok) {
      expect(schemasOf(name).response.safeParse(result.value).success).toBe(true)
    } else {
      expect(result.error.code, `${name}: ${result.error.message}`).not.toBe('internal')
      expect(declaresError(name, result.error.code), `${name} answered an undeclared "${result.error.code}": ${result.error.message}`).toBe(
        true,
      )
    }
    // The answer may carry a dispatcher code; a handler may not borrow one for a failure of its own.
    expect(fixture.undeclared, `${name}: a handler ended in a code its channel does not declare`).toEqual([])
    if (sender === appSender && !acceptable) {
      expect(result, `${name} accepted a payload its schema refuses`).toMatchObject({ ok: false, error: { code: 'validation' } })
      if (!result.ok) expect(result.error.message).toMatch(/^Invalid request: /)
    }
    return result
  }

  /** Puts back what a valid-shaped payload may have changed and the next runs rely on. */
  async function restore(name: InvokeName, result: IpcResult<unknown>): Promise<void> {
    if (!result.ok) return
    if (name === 'updateSettings' || name === 'configureScheduler') {
      await fixture.ok('updateSettings', { activeEnvironment: 'local', throttle: { ceiling: 100, concurrency: 16 } })
      // A ceiling of 1 req/s leaves the adaptive rate that low; the next channels start afresh.
      fixture.core.scheduler.configure({ initialRate: fixture.core.scheduler.config().initialRate })
    }
    if (name === 'addAccount') {
      // Twenty accounts in two environments would make every later settings view read forty keychain items.
      const environments = (await fixture.ok('getSettings', {})).environments
      for (const env of environments) {
        if (env.id === 'local') continue
        for (const account of env.accounts.filter((a) => a.id !== 'default'))
          await fixture.ok('removeAccount', { environment: env.id, account: account.id })
      }
    }
    if (name === 'batchStart' || name === 'batchResume' || name === 'batchRerun') {
      const jobs = await fixture.ok('batchList', {})
      for (const job of jobs.filter((j) => j.status === 'running')) await fixture.ok('batchCancel', { jobId: job.id })
    }
  }

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled)
    // The core may only ever talk to this machine: the sandbox, or the port-9 URLs of the payloads.
    globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input)
      if (!isLoopbackHost(url.hostname)) {
        remoteFetches.push(url.href)
        return Promise.reject(new TypeError('fetch failed: the IPC fuzz test allows loopback only'))
      }
      return realFetch(input, init)
    }
    fixture = await startCoreFixture({ isTrustedSender: (sender) => isTrustedSender(sender, appUrl) })

    const endpoint = await fixture.ok('registerWebhook', { url: 'http://127.0.0.1:9/hook', connect: false })
    const completed = await fixture.ok('batchStart', { ids: ['pay_seed_settled_1', 'pay_seed_card_declined'], label: 'completed' })
    await waitFor(async () => (await fixture.ok('batchList', {})).find((job) => job.id === completed.id)?.status === 'completed')
    const cancelled = await fixture.ok('batchStart', { ids: ['pay_seed_settled_2'], label: 'cancelled' })
    await fixture.ok('batchCancel', { jobId: cancelled.id })
    known = { endpointIds: [endpoint.id], jobIds: [completed.id, cancelled.id] }
    valid = validPayloads(known)
  })

  afterEach(() => {
    expect(unhandled, 'unhandled promise rejections').toEqual([])
  })

  afterAll(async () => {
    const seconds = (performance.now() - counts.started) / 1000
    console.log(
      `IPC fuzz: ${channels.length} channels, ${counts.dispatches} dispatches in ${seconds.toFixed(1)} s (per channel: ${runs.hostile} hostile, ${runs.valid} valid-shaped, ${runs.untrusted} untrusted-sender runs)`,
    )
    await fixture.close()
    globalThis.fetch = realFetch
    process.off('unhandledRejection', onUnhandled)
  })

  it('registers exactly the channels of the contract', () => {
    expect([...fixture.core.dispatcher.channels].sort()).toEqual([...channels].sort())
  })

  describe.each(channels)('%s', (name) => {
    it('answers random and malformed payloads with a typed validation error, never a crash', async () => {
      const hostile = fc.oneof({ weight: 2, arbitrary: anyPayload }, { weight: 3, arbitrary: mutated(valid[name]) })
      await fc.assert(
        fc.asyncProperty(hostile, async (payload) => {
          await restore(name, await dispatch(name, payload))
        }),
        { numRuns: runs.hostile, seed },
      )
    }, 120_000)

    it('handles valid-shaped payloads with hostile values without an internal error', async () => {
      await fc.assert(
        fc.asyncProperty(valid[name], async (payload) => {
          expect(schemasOf(name).request.safeParse(payload).success, 'the generator must make payloads the contract accepts').toBe(true)
          await restore(name, await dispatch(name, payload))
        }),
        { numRuns: runs.valid, seed, examples: (regressions[name] ?? []).map((payload) => [payload]) },
      )
    }, 120_000)

    it('refuses every sender but the app window, without running the handler', async () => {
      const lastLogged = () => fixture.core.requestLog.snapshot().at(-1)?.id ?? null
      const before = {
        log: lastLogged(),
        settings: await fixture.ok('getSettings', {}),
        jobs: await fixture.ok('batchList', {}),
        hooks: await fixture.ok('listWebhooks', {}),
      }
      await fc.assert(
        fc.asyncProperty(untrustedSenders(appUrl), fc.oneof(valid[name], anyPayload), async (sender, payload) => {
          const result = await dispatch(name, payload, sender)
          expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
        }),
        { numRuns: runs.untrusted, seed },
      )
      expect(lastLogged()).toBe(before.log)
      expect(await fixture.ok('getSettings', {})).toEqual(before.settings)
      expect(await fixture.ok('batchList', {})).toEqual(before.jobs)
      expect(await fixture.ok('listWebhooks', {})).toEqual(before.hooks)
    }, 120_000)
  })

  it('refuses a channel name outside the contract, whatever it is', async () => {
    const names = fc.oneof(
      fc.string(),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'getPayment ', 'GETPAYMENT', 'payments-desk:getPayment'),
    )
    await fc.assert(
      fc.asyncProperty(
        names.filter((n) => !(n in invokeContract)),
        anyPayload,
        async (name, payload) => {
          const result = await fixture.core.dispatcher.dispatch(name as InvokeName, appSender, payload)
          expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
        },
      ),
      { numRuns: 200, seed },
    )
  })

  it("answers lookups with the declared 'key-origin-mismatch' when the stored key is bound to another origin", async () => {
    // As a hand-edited settings.json leaves it: no IPC payload can pair a key with another origin.
    await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: 'http://127.0.0.1:9' }, activeEnvironment: 'operator' })
    await writeApiKey(fixture.secrets, 'operator', 'https://elsewhere.example', 'service_operator_fuzz_key')
    const codes = new Set<string>()
    try {
      await fc.assert(
        fc.asyncProperty(valid.getPayment, async (payload) => {
          const lookup = await dispatch('getPayment', payload)
          if (!lookup.ok) codes.add(lookup.error.code)
          expect(lookup.ok ? 'ok' : lookup.error.code).toMatch(/^(invalid-id|key-origin-mismatch)$/)
        }),
        { numRuns: 30, seed },
      )
      const test = await dispatch('testKey', { environment: 'operator' })
      expect(test).toMatchObject({
        ok: false,
        error: { code: 'key-origin-mismatch', message: expect.stringContaining('https://elsewhere.example') as string },
      })
      expect(codes).toContain('key-origin-mismatch')
    } finally {
      await fixture.ok('updateSettings', { activeEnvironment: 'local' })
      await fixture.ok('deleteKey', { environment: 'operator' })
    }
  })

  it('leaves the built-in prototypes as they were and never reaches a host other than this machine', () => {
    expect(prototypeNames()).toEqual(prototypesBefore)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(remoteFetches).toEqual([])
  })

  describe('a channel without schemas cannot be registered', () => {
    const rest = (name: InvokeName) => Object.fromEntries(Object.entries(invokeContract).filter(([other]) => other !== name))

    it.each(channels)('%s: refused without its request schema, its response schema, or its entry', (name) => {
      const handlers = fixture.core.handlers
      const options = (contract: Record<string, unknown>) => ({ isTrustedSender: () => true, contract })
      const { request, response } = schemasOf(name)
      const refusal = `IPC channel "${name}" has no request and response schema in the contract: it cannot be registered.`
      expect(() => createDispatcher(handlers, options({ ...rest(name), [name]: { response } }))).toThrow(refusal)
      expect(() => createDispatcher(handlers, options({ ...rest(name), [name]: { request } }))).toThrow(refusal)
      expect(() => createDispatcher(handlers, options({ ...rest(name), [name]: { request: {}, response: null } }))).toThrow(refusal)
      expect(() => createDispatcher(handlers, options(rest(name)))).toThrow(refusal)
    })

    it('refuses a handler for a channel the contract does not have', () => {
      const handlers: Handlers = { ...fixture.core.handlers, ...{ deleteEverything: () => Promise.resolve(null) } }
      expect(() => createDispatcher(handlers, { isTrustedSender: () => true })).toThrow(
        'IPC channel "deleteEverything" has no request and response schema',
      )
    })
  })
})
