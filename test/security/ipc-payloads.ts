import fc from 'fast-check'
import type { Sender } from '../../src/main/ipc/dispatcher'
import type { InvokeName } from '../../src/shared/contract/channels'
import { testEventTypes } from '../../src/shared/contract/webhook-schema'
import { environmentIds, isLoopbackHost } from '../../src/shared/environments'

// What a compromised renderer could send: random values, wrong shapes, and values
// of the right shape that are hostile in themselves.

export const hostileStrings = [
  '',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f',
  '\u0085',
  '\u200b',
  '\ufeff',
  '\u202e',
  '\ud800',
  '\udfff',
  '😀',
  'e\u0301',
  'İ',
  'ß',
  '\u{10ffff}',
  '/',
  '../',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f',
  '..%2F',
  '%00',
  '%0d%0a',
  '?a=1',
  '#x',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'vbscript:msgbox(1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'; DROP TABLE payments; --",
  '${process.env.HOME}',
  '{{constructor.constructor("return process")()}}',
  '=cmd|"/c calc"!A1',
  '@SUM(1+1)',
  '+1',
  '-1',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '9007199254740993',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'service_prod_',
  'service_prod_abc\n',
  'service_pub_prod_abc',
  'service_prod_a\u200bb',
  'whsec_',
  'whsec_!!!',
  'whsec_AAAA====',
  'v1,',
  'v1,AAAA v1,',
  'pay_seed_card_declined',
  ' pay_seed_card_declined ',
  'pay_seed_card_declined\npay_seed_settled_1',
  'pay_seed_settled_1/../../sandbox/state',
  'pay_seed_settled_1%2F..%2Fadmin',
  'pay_seed_settled_1?x=1',
  'pay_seed_settled_1#x',
  'PAY_SEED_SETTLED_1',
  'pay_' + 'x'.repeat(125),
  'local',
  'production',
  'operator',
  'key\nX-Injected: 1',
  'a\r\nSet-Cookie: x=1',
]

/**
 * URLs for URL fields. Every one that could be fetched points at this machine (port 9,
 * where nothing listens), so a test that registers or configures them sends nothing
 * anywhere else; the rest must be refused before any request is made.
 */
export const hostileUrls = [
  'https://127.0.0.1:9/hooks',
  'http://127.0.0.1:9/',
  'https://127.0.0.1:9/a?b=c#d',
  'http://[::1]:9/',
  'HTTPS://127.0.0.1:9',
  ' https://127.0.0.1:9/ ',
  'https://127.1:9/',
  'http://2130706433:9/',
  'http://0x7f000001:9/',
  'https://user:pass@127.0.0.1:9/',
  'https://127.0.0.1:9/%2e%2e/%00',
  'https://127.0.0.1:9/\u0000',
  'https://127.0.0.1:9/\n',
  'https://127.0.0.1:9/' + 'a'.repeat(2_000),
  'http://169.254.169.254/latest/meta-data/',
  'http://hooks.example.com/',
  'http://localhost.evil.example/',
  'ftp://127.0.0.1:9/',
  'ws://127.0.0.1:9/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'data:,x',
  'https://',
  '//127.0.0.1:9/',
  '127.0.0.1:9',
  'https://[::1',
]

for (const raw of hostileUrls) {
  let url: URL | null = null
  try {
    url = new URL(raw.trim())
  } catch {
    // Not a URL: refused by every check.
  }
  if (url?.protocol === 'https:' && !isLoopbackHost(url.hostname)) throw new Error(`hostileUrls must not name a remote https host: ${raw}`)
}

// maxLength counts code points or graphemes; the contract counts UTF-16 code units.
const rawStrings = (maxLength: number) =>
  fc
    .oneof(
      fc.string({ maxLength: Math.min(maxLength, 40) }),
      fc.string({ unit: 'binary', maxLength: Math.min(maxLength, 40) }),
      fc.string({ unit: 'grapheme', maxLength: Math.min(maxLength, 20) }),
    )
    .filter((s) => s.length <= maxLength)

/** A string that the contract accepts at this length: random, hostile, or right at the limit. */
export function text(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: rawStrings(maxLength) },
    { weight: 3, arbitrary: fc.constantFrom(...hostileStrings.filter((s) => s.length <= maxLength)) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(maxLength), '\u0000'.repeat(maxLength), '😀'.repeat(Math.floor(maxLength / 2))) },
  )
}

const urlText = (maxLength: number) =>
  fc.oneof(fc.constantFrom(...hostileUrls.filter((u) => u.length <= maxLength)), text(Math.min(maxLength, 200)))

const idText = (maxLength: number) =>
  fc.oneof(fc.constantFrom('pay_seed_card_declined', 'pay_seed_settled_1', 'pay_seed_pending_1', 'pay_does_not_exist'), text(maxLength))

const finiteNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE),
)

const hostileKey = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'then', '', '\u0000', 'id\n', 'k'.repeat(5_000)),
  fc.constantFrom(
    'id',
    'url',
    'key',
    'environment',
    'jobId',
    'endpointId',
    'secret',
    'value',
    'checkout',
    'products',
    'throttle',
    'baseUrl',
  ),
)

const hostileLeaf = fc.oneof(
  text(50),
  fc.double(),
  fc.integer(),
  fc.bigInt(),
  fc.boolean(),
  fc.constantFrom(null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, Number.MAX_VALUE),
  fc.constantFrom('x'.repeat(20_000), '\u0000'.repeat(20_000)),
)

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { id: value }
  return value
}

/** Anything at all: every JavaScript value fast-check makes, with hostile keys and leaves, very deep or very large values. */
export const anyPayload: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.anything({
      key: hostileKey,
      values: [hostileLeaf],
      maxDepth: 3,
      maxKeys: 6,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 50, max: 5_000 }), hostileLeaf, fc.boolean())
      .map(([depth, leaf, asArray]) => nested(depth, leaf, asArray)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'x'.repeat(6_000_000),
      Array.from({ length: 250_000 }, (_, i) => `pay_${i}`),
      { ids: Array.from({ length: 250_000 }, (_, i) => `pay_${i}`), label: '' },
    ),
  },
)

type Mutation = 'replace' | 'remove' | 'add' | 'wrap' | 'proto'

function containersOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return []
  const own = Object.entries(value).flatMap(([key, child]) => containersOf(child, [...path, Array.isArray(value) ? Number(key) : key]))
  return [path, ...own]
}

function shallowCopy(value: unknown): Record<string, unknown> {
  return (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<string, unknown>
}

function mutateAt(value: unknown, path: (string | number)[], how: Mutation, key: string, replacement: unknown): unknown {
  if (path.length > 0) {
    const [head, ...rest] = path as [string | number, ...(string | number)[]]
    const copy = shallowCopy(value)
    copy[head] = mutateAt(copy[head], rest, how, key, replacement)
    return copy
  }
  if (how === 'wrap') return [value]
  const copy = shallowCopy(value)
  const keys = Object.keys(copy)
  const target = keys.length > 0 ? (keys[key.length % keys.length] ?? key) : key
  // defineProperty, so that "__proto__" becomes an own key as JSON.parse would make it.
  const define = (name: string, v: unknown) => {
    try {
      Object.defineProperty(copy, name, { value: v, enumerable: true, writable: true, configurable: true })
    } catch {
      // A container that refuses the property (a typed array given a BigInt, say): this
      // run keeps the payload unbroken here, and the other mutations cover the rest.
    }
  }
  if (how === 'replace') define(target, replacement)
  if (how === 'remove') Reflect.deleteProperty(copy, target)
  if (how === 'add') define(key, replacement)
  if (how === 'proto') define('__proto__', { polluted: 'yes', isAdmin: true })
  return copy
}

/** A valid payload with one thing broken somewhere inside it: a wrong type, a missing or extra key, a wrapper, a __proto__ key. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.constantFrom<Mutation>('replace', 'remove', 'add', 'wrap', 'proto'),
      hostileKey,
      fc.oneof(hostileLeaf, anyPayload),
    )
    .map(([value, pick, how, key, replacement]) => {
      const paths = containersOf(value)
      const path = paths[pick % Math.max(paths.length, 1)] ?? []
      return paths.length === 0 ? [value] : mutateAt(value, path, how, key, replacement)
    })
}

/** Senders other than the app's window showing the app's page. */
export function untrustedSenders(appUrl: string): fc.Arbitrary<Sender> {
  const frameUrls = fc.oneof(
    fc.constantFrom(
      'file:///etc/passwd',
      'file:///tmp/evil.html',
      'file:///app/out/renderer/index.html',
      'https://evil.example.com/',
      'http://127.0.0.1:5173/',
    ),
    // Other custom-scheme pages: Node's URL gives them all the origin "null", as it does the app's own.
    fc.constantFrom('evil://payments-desk/index.html', 'app://evil/index.html', 'app://user@payments-desk/index.html', 'app:index.html'),
    fc.constantFrom(
      'javascript:alert(1)',
      'about:blank',
      'data:text/html,x',
      'devtools://devtools/bundled/inspector.html',
      'chrome-extension://abc/x.html',
      '',
    ),
    fc.webUrl(),
    fc.string(),
  )
  return fc.oneof(
    fc.record({ fromAppWindow: fc.constant(false), frameUrl: fc.option(fc.oneof(fc.constant(appUrl), frameUrls), { nil: undefined }) }),
    fc.record({ fromAppWindow: fc.constant(true), frameUrl: fc.option(frameUrls, { nil: undefined }) }),
  )
}

/** Payloads that once broke a channel: run first, every time. */
export const regressions: Partial<Record<InvokeName, unknown[]>> = {
  // A lone surrogate made encodeURIComponent throw while building the request path.
  getPayment: [{ id: '\udfff' }, { id: 'pay_\ud83d' }],
  sendTestEvent: [{ type: 'payment.failed', paymentId: '\udfff' }],
  batchStart: [{ ids: ['\ud800', 'pay_seed_settled_1'], label: '' }],
}

/** IDs that exist in the running core, so that valid-shaped payloads reach the deepest code. */
export interface KnownIds {
  endpointIds: string[]
  jobIds: string[]
}

const environment = fc.constantFrom(...environmentIds)
const remoteEnvironment = fc.constantFrom('production' as const, 'operator' as const)
const accountId = fc.oneof(fc.constantFrom('default', 'second-shop', 'shop-fr', '../default', ''), text(40))
const throttle = fc.record(
  {
    ceiling: fc.double({ min: 1, max: 1_000, noNaN: true }),
    concurrency: fc.integer({ min: 1, max: 64 }),
    headroom: fc.double({ min: 0, max: 0.5, noNaN: true }),
  },
  { requiredKeys: [] },
)

/** For every channel, payloads the contract accepts, with hostile values inside. */
export function validPayloads(known: KnownIds): Record<InvokeName, fc.Arbitrary<unknown>> {
  const endpointId = fc.oneof(fc.constantFrom(...known.endpointIds), text(100))
  const jobId = fc.oneof(fc.constantFrom(...known.jobIds), text(200), fc.constantFrom(...known.jobIds.map((id) => `${id}/../${id}`)))
  const none = fc.constant({})
  const product = fc.record({ name: text(500), price: finiteNumber, quantity: finiteNumber })
  // What a policy that asks for the environment's name before a Production write reads.
  const typedEnvironmentName = fc.oneof(fc.constantFrom('Production', ' Production ', 'production'), text(100))
  return {
    getPayment: fc.record({ id: idText(10_000) }),
    findPaymentInAccounts: fc.record({ id: idText(10_000) }),
    addAccount: fc.record({
      environment: remoteEnvironment,
      name: fc.oneof(fc.constantFrom('Shop FR', ' Shop FR ', 'default', 'DEFAULT', 'e\u0301', 'a\u202eb', 'x'.repeat(61)), text(240)),
    }),
    removeAccount: fc.record({ environment: remoteEnvironment, account: accountId }),
    createCheckout: fc.record(
      {
        checkout: fc.record({
          products: fc.array(product, { maxLength: 4 }),
          currency: fc.oneof(fc.constantFrom('EUR', 'USD', 'eur', '€'), text(10)),
          customerEmail: fc.oneof(
            fc.constantFrom('grace@example.org', 'a@b', '"<script>"@example.org', 'a@example.org\r\nBcc: b@example.org'),
            text(500),
          ),
          successUrl: urlText(2_048),
          cancelUrl: urlText(2_048),
        }),
        typedEnvironmentName,
      },
      { requiredKeys: ['checkout'] },
    ),
    registerWebhook: fc.record({ url: urlText(2_048), connect: fc.boolean(), typedEnvironmentName }, { requiredKeys: ['url', 'connect'] }),
    listWebhooks: none,
    revealWebhookSecret: fc.record({ endpointId }),
    sendTestEvent: fc.record(
      {
        type: fc.constantFrom(...testEventTypes),
        paymentId: idText(200),
        code: fc.oneof(fc.constantFrom('card_declined', 'stolen_card', 'unknown_code'), text(64)),
      },
      { requiredKeys: ['type', 'paymentId'] },
    ),
    listSandboxDeliveries: fc.record({ endpointId }, { requiredKeys: [] }),
    verifySignature: fc.record({
      body: fc.oneof(text(1_000), fc.constant('{"type":"payment.failed"}'), fc.constant(`{"pad":"${'x'.repeat(1_000_000)}"}`)),
      hookId: fc.oneof(fc.constant('msg_1'), text(1_000)),
      hookTimestamp: fc.oneof(
        fc.constantFrom('0', '-1', '1e309', '99999999999999999999', `${Math.floor(Date.now() / 1000)}`, ' 1 '),
        text(100),
      ),
      hookSignature: fc.oneof(fc.constantFrom('v1,', 'v1,AAAA', 'v1,!!!! v2,x', 'v1,AAAA '.repeat(1_000)), text(10_000)),
      secret: fc.oneof(
        fc.record({ endpointId }),
        fc.record({ value: fc.oneof(fc.constantFrom('whsec_', 'whsec_!!!', 'whsec_AAAA', 'v1,AAAA'), text(1_000)) }),
      ),
      ignoreTimestamp: fc.boolean(),
    }),
    getSettings: none,
    updateSettings: fc.record(
      {
        activeEnvironment: environment,
        activeAccount: fc.record({ environment, account: accountId }),
        baseUrl: fc.record({ environment: remoteEnvironment, url: urlText(2_048) }),
        theme: fc.constantFrom('light', 'dark', 'system'),
        throttle,
      },
      { requiredKeys: [] },
    ),
    setKey: fc.record(
      {
        environment: remoteEnvironment,
        account: accountId,
        key: fc.oneof(
          text(4_096),
          text(40).map((t) => `service_prod_${t}`),
          fc.constant(`service_prod_${'k'.repeat(600)}`),
        ),
      },
      { requiredKeys: ['environment', 'key'] },
    ),
    testKey: fc.record({ environment, account: accountId }, { requiredKeys: ['environment'] }),
    deleteKey: fc.record({ environment: remoteEnvironment, account: accountId }, { requiredKeys: ['environment'] }),
    batchOpenFile: none,
    batchStart: fc.record({ ids: fc.array(idText(256), { maxLength: 12 }), label: text(200) }),
    batchPause: fc.record({ jobId }),
    batchResume: fc.record({ jobId }),
    batchCancel: fc.record({ jobId }),
    batchRerun: fc.record({ jobId, only: fc.constantFrom('errors' as const, 'not-found' as const, 'retryable' as const) }),
    batchList: none,
    batchResults: fc.record(
      { jobId, from: fc.oneof(fc.nat(), fc.constantFrom(0, 1, Number.MAX_SAFE_INTEGER)) },
      { requiredKeys: ['jobId'] },
    ),
    batchExport: fc.record({ jobId, format: fc.constantFrom('csv', 'json'), includeEmails: fc.boolean() }),
    getRequestLog: none,
    getScheduler: none,
    configureScheduler: throttle,
    auditList: none,
    auditExport: fc.record({ format: fc.constantFrom('csv', 'json') }),
    openLogsFolder: none,
    getDiagnostics: none,
    takePaymentLink: none,
  }
}
