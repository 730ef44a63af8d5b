import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { appPageUrl } from '../../../src/main/app-protocol'
import { createDispatcher, type Handlers, type Sender } from '../../../src/main/ipc/dispatcher'
import { AppError } from '../../../src/shared/app-error'
import { invokeContract, type InvokeName } from '../../../src/shared/contract/channels'

const appUrl = appPageUrl
const appWindow: Sender = { frameUrl: appUrl, fromAppWindow: true }

/** Every channel of the contract, each a stub that fails loudly if a test did not expect it to run. */
function stubHandlers(overrides: Partial<Handlers> = {}): Handlers {
  const stubs = Object.fromEntries(
    Object.keys(invokeContract).map((name) => [name, () => Promise.reject(new Error(`${name} was not expected to run`))]),
  )
  return { ...stubs, ...overrides } as Handlers
}

function dispatcherWith(overrides: Partial<Handlers> = {}, onInternalError = vi.fn<(error: unknown) => void>()) {
  const dispatcher = createDispatcher(stubHandlers(overrides), {
    isTrustedSender: (sender) => sender.fromAppWindow && sender.frameUrl === appUrl,
    onInternalError,
  })
  return { dispatcher, onInternalError }
}

describe('createDispatcher', () => {
  it('registers every channel of the contract', () => {
    const { dispatcher } = dispatcherWith()
    expect([...dispatcher.channels].sort()).toEqual(Object.keys(invokeContract).sort())
  })

  it('refuses a handler table that misses a channel of the contract', () => {
    const rest = Object.fromEntries(Object.entries(stubHandlers()).filter(([name]) => name !== 'testKey'))
    expect(() => createDispatcher(rest as Handlers, { isTrustedSender: () => true })).toThrow(
      'IPC channel "testKey" is in the contract but has no handler.',
    )
  })

  it('refuses a handler for a channel the contract does not have', () => {
    const contract = { ...invokeContract } as Record<string, unknown>
    delete contract.testKey
    expect(() => createDispatcher(stubHandlers(), { isTrustedSender: () => true, contract })).toThrow(
      'IPC channel "testKey" has no request and response schema in the contract',
    )
  })

  it.each([
    ['no response schema', { request: z.object({}) }],
    ['no request schema', { response: z.object({}) }],
    ['something that is not a schema', { request: {}, response: 'z.object()' }],
  ])('refuses a contract entry with %s', (_label, entry) => {
    const contract = { ...invokeContract, testKey: entry } as Record<string, unknown>
    expect(() => createDispatcher(stubHandlers(), { isTrustedSender: () => true, contract })).toThrow(
      /"testKey" has no request and response schema/,
    )
  })
})

describe('dispatch: who may call', () => {
  it('answers the app window', async () => {
    const testKey = vi.fn<Handlers['testKey']>(() => Promise.resolve({ message: 'Connected.' }))
    const { dispatcher } = dispatcherWith({ testKey })
    expect(await dispatcher.dispatch('testKey', appWindow, { environment: 'local' })).toEqual({
      ok: true,
      value: { message: 'Connected.' },
    })
    expect(testKey).toHaveBeenCalledWith({ environment: 'local' })
  })

  it.each([
    ['another webContents', { frameUrl: appUrl, fromAppWindow: false }],
    ['a frame of another page', { frameUrl: 'https://evil.example.com/', fromAppWindow: true }],
    ['an unknown frame', { frameUrl: undefined, fromAppWindow: true }],
  ])('refuses %s with forbidden, without running the handler', async (_label, sender) => {
    const testKey = vi.fn<Handlers['testKey']>()
    const { dispatcher } = dispatcherWith({ testKey })
    const result = await dispatcher.dispatch('testKey', sender, { environment: 'local' })
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(testKey).not.toHaveBeenCalled()
  })

  it('refuses a channel it does not know', async () => {
    const { dispatcher } = dispatcherWith()
    const result = await dispatcher.dispatch('deleteEverything' as InvokeName, appWindow, {})
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })
})

describe('dispatch: request validation', () => {
  it.each([
    ['undefined', 'testKey', undefined, /expected object/],
    ['null', 'testKey', null, /expected object/],
    ['a number', 'testKey', 42, /expected object/],
    ['an array', 'testKey', [{ environment: 'local' }], /expected object/],
    ['an unknown environment', 'testKey', { environment: 'staging' }, /^Invalid request: environment: /],
    ['a wrong type', 'setKey', { environment: 'production', key: 12345 }, /^Invalid request: key: .*expected string/],
    ['a missing field', 'setKey', { environment: 'production' }, /^Invalid request: key: /],
    ['an extra key', 'testKey', { environment: 'local', admin: true }, /"admin"/],
    ['an extra key on an empty request', 'listWebhooks', { all: true }, /"all"/],
    ['a key over 4,096 characters', 'setKey', { environment: 'production', key: 'k'.repeat(4_097) }, /^Invalid request: key: Too big/],
    ['an ID over 10,000 characters', 'getPayment', { id: 'p'.repeat(10_001) }, /^Invalid request: id: Too big/],
    ['a nested wrong type', 'updateSettings', { throttle: { ceiling: 'max' } }, /^Invalid request: throttle\.ceiling: /],
  ] as const)('refuses %s as a validation error naming the field', async (_label, name, payload, message) => {
    const { dispatcher, onInternalError } = dispatcherWith()
    const result = await dispatcher.dispatch(name, appWindow, payload)
    if (result.ok) throw new Error('expected a refusal')
    expect(result.error.code).toBe('validation')
    expect(result.error.message).toMatch(message)
    expect(onInternalError).not.toHaveBeenCalled()
  })

  it('does not echo a huge unknown key back in the message', async () => {
    const { dispatcher } = dispatcherWith()
    const result = await dispatcher.dispatch('testKey', appWindow, { environment: 'local', [`k${'e'.repeat(100_000)}y`]: true })
    if (result.ok) throw new Error('expected a refusal')
    expect(result.error.code).toBe('validation')
    expect(result.error.message).toMatch(/^Invalid request: Unrecognized key: "keee/)
    expect(result.error.message.length).toBeLessThan(300)
  })

  it('does not echo a huge value back in the message', async () => {
    const { dispatcher } = dispatcherWith()
    const result = await dispatcher.dispatch('setKey', appWindow, { environment: 'production', key: `service_prod_${'s'.repeat(5_000)}` })
    if (result.ok) throw new Error('expected a refusal')
    expect(result.error.message).not.toContain('service_prod_')
  })
})

describe('dispatch: errors and responses', () => {
  it('returns an AppError as data with its code, message and details', async () => {
    const { dispatcher, onInternalError } = dispatcherWith({
      getPayment: () =>
        Promise.reject(new AppError('bad-request', 'The service refused the request.', { details: ['id must be a string'] })),
    })
    expect(await dispatcher.dispatch('getPayment', appWindow, { id: 'pay_1' })).toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'The service refused the request.', details: ['id must be a string'] },
    })
    expect(onInternalError).not.toHaveBeenCalled()
  })

  it('still answers an error code the channel does not declare, and reports the missing declaration', async () => {
    const { dispatcher, onInternalError } = dispatcherWith({
      batchList: () => Promise.reject(new AppError('storage', 'Could not read the batches folder.')),
    })
    expect(await dispatcher.dispatch('batchList', appWindow, {})).toEqual({
      ok: false,
      error: { code: 'storage', message: 'Could not read the batches folder.' },
    })
    expect(String(onInternalError.mock.calls[0]?.[0])).toContain(
      'Channel batchList answered the error code "storage", which it does not declare',
    )
  })

  it("reports a handler that borrows the dispatcher's own codes for a failure of its own", async () => {
    const { dispatcher, onInternalError } = dispatcherWith({
      batchResume: () => Promise.reject(new AppError('validation', 'This batch is completed.')),
      sendTestEvent: () => Promise.reject(new AppError('forbidden', 'Only on the local sandbox.')),
    })
    await dispatcher.dispatch('batchResume', appWindow, { jobId: 'batch_1' })
    await dispatcher.dispatch('sendTestEvent', appWindow, { type: 'payment.settled', paymentId: 'pay_1' })
    expect(onInternalError.mock.calls.map(([error]) => String(error))).toEqual([
      'Error: Channel batchResume answered the error code "validation", which it does not declare in channel-errors.ts.',
      'Error: Channel sendTestEvent answered the error code "forbidden", which it does not declare in channel-errors.ts.',
    ])
  })

  it.each([
    ['rejects', () => Promise.reject(new Error('ECONNRESET at /home/ada/.config/key=service_prod_secret'))],
    [
      'throws synchronously',
      () => {
        throw new TypeError('Cannot read properties of undefined (service_prod_secret)')
      },
    ],
  ])('hides a plain error that %s behind a generic internal error, and reports it', async (_label, testKey) => {
    const { dispatcher, onInternalError } = dispatcherWith({ testKey })
    const result = await dispatcher.dispatch('testKey', appWindow, { environment: 'local' })
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.code).toBe('internal')
    expect(result.error.message).toMatch(/^Something went wrong inside Payments Desk/)
    expect(JSON.stringify(result)).not.toContain('service_prod_secret')
    expect(onInternalError).toHaveBeenCalledTimes(1)
    expect(onInternalError.mock.calls[0]?.[0]).toBeInstanceOf(Error)
  })

  it('treats a response that does not match its schema as internal, and reports it', async () => {
    const { dispatcher, onInternalError } = dispatcherWith({
      testKey: () => Promise.resolve({ message: 42 } as unknown as { message: string }),
    })
    const result = await dispatcher.dispatch('testKey', appWindow, { environment: 'local' })
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(String(onInternalError.mock.calls[0]?.[0])).toContain('Response of testKey does not match its schema')
  })

  it('strips fields the response schema does not list, so nothing extra reaches the renderer', async () => {
    const { dispatcher } = dispatcherWith({
      testKey: () => Promise.resolve({ message: 'Connected.', secret: 'service_prod_leak' } as { message: string }),
    })
    const result = await dispatcher.dispatch('testKey', appWindow, { environment: 'local' })
    expect(result).toEqual({ ok: true, value: { message: 'Connected.' } })
  })

  it('passes the parsed request to the handler, not the raw payload', async () => {
    const verifySignature = vi.fn<Handlers['verifySignature']>(() =>
      Promise.resolve({ valid: true, cause: 'valid', message: 'Valid.', skewSeconds: 0 }),
    )
    const { dispatcher } = dispatcherWith({ verifySignature })
    const request = { body: '{}', hookId: 'msg_1', hookTimestamp: '1', hookSignature: 'v1,x', ignoreTimestamp: false }
    await dispatcher.dispatch('verifySignature', appWindow, { ...request, secret: { value: 'whsec_x', extra: 'dropped' } })
    expect(verifySignature).toHaveBeenCalledWith({ ...request, secret: { value: 'whsec_x' } })
  })
})
