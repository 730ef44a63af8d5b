import { parseArgs } from 'node:util'
import { normalizeDeliveryHost } from './delivery-hosts'
import { isRateLimitHeaderStyle, rateLimitHeaderStyles } from './rate-limit-headers'
import { defaultRateLimit, startSandbox } from './server'

function usage(message: string): never {
  console.error(
    `${message}\nUsage: npm run sandbox -- [--port N] [--host H] [--key KEY] [--rate R] [--burst B] [--rate-limit-headers ${rateLimitHeaderStyles.join('|')}] [--payments N] [--allow-delivery-host HOST ...]`,
  )
  process.exit(2)
}

function integerOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) usage(`--${name} must be a whole number, got "${value}"`)
  return parsed
}

const options = {
  port: { type: 'string' },
  host: { type: 'string' },
  key: { type: 'string' },
  rate: { type: 'string' },
  burst: { type: 'string' },
  'rate-limit-headers': { type: 'string' },
  payments: { type: 'string' },
  // Webhooks go to this computer only, unless the person starting the sandbox names a host.
  'allow-delivery-host': { type: 'string', multiple: true },
} as const
let parsed: ReturnType<typeof parseArgs<{ options: typeof options }>>['values']
try {
  parsed = parseArgs({ options }).values
} catch (error) {
  usage(error instanceof Error ? error.message : String(error))
}

const key = parsed.key?.trim()
if (key !== undefined && (key === '' || /\s/.test(key))) usage('--key must be a non-empty key without spaces')
const port = integerOption(parsed.port, 'port', 4010)
if (port > 65_535) usage('--port must be at most 65535')
const rate = integerOption(parsed.rate, 'rate', defaultRateLimit.rate)
const headerStyle = parsed['rate-limit-headers']
if (headerStyle !== undefined && !isRateLimitHeaderStyle(headerStyle)) {
  usage(`--rate-limit-headers must be one of ${rateLimitHeaderStyles.join(', ')}, got "${headerStyle}"`)
}
const bulkPayments = integerOption(parsed.payments, 'payments', 0)
if (bulkPayments > 1_000_000) usage('--payments must be at most 1000000')
const allowedDeliveryHosts = (parsed['allow-delivery-host'] ?? []).map(
  (entry) =>
    normalizeDeliveryHost(entry) ??
    usage(`--allow-delivery-host must be a host name or IP address (no scheme, port or path), got "${entry}"`),
)

const sandbox = await startSandbox({
  port,
  host: parsed.host ?? '127.0.0.1',
  ...(key ? { apiKey: key } : {}),
  bulkPayments,
  allowedDeliveryHosts,
  ...(headerStyle ? { rateLimitHeaders: headerStyle } : {}),
  rateLimit: { rate, burst: Math.max(1, integerOption(parsed.burst, 'burst', Math.max(defaultRateLimit.burst, rate))) },
}).catch((error: unknown) => {
  const code = (error as { code?: string }).code
  usage(code === 'EADDRINUSE' ? `Port ${port} is already in use: pick another with --port` : String(error))
})

console.log(`Payments Desk sandbox listening on ${sandbox.baseUrl}`)
console.log(`Private key (X-Service-Api-Key): ${sandbox.apiKey}`)
for (const merchant of sandbox.merchants.slice(1)) console.log(`Private key of the merchant "${merchant.name}": ${merchant.apiKey}`)
console.log(rate > 0 ? `Rate limit: ${rate} req/s per key${headerStyle ? `, announced in ${headerStyle} headers` : ''}` : 'Rate limit: off')
if (allowedDeliveryHosts.length > 0) console.log(`Webhook deliveries: this computer and ${allowedDeliveryHosts.join(', ')}`)
if (bulkPayments > 0) console.log(`Generated payments: pay_bulk_000001 to pay_bulk_${String(bulkPayments).padStart(6, '0')}`)
console.log('Try: curl -H "X-Service-Api-Key: <key>" ' + `${sandbox.baseUrl}/api/payment/pay_seed_card_declined`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0))
  })
}
