import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { HttpError } from './http-io'
import type { SandboxMerchant } from './merchants'

export const apiKeyHeader = 'x-service-api-key'

/** The merchant whose private key was presented; otherwise a 401 that says why. */
export function authenticate(req: IncomingMessage, merchants: readonly SandboxMerchant[]): SandboxMerchant {
  const presented = req.headers[apiKeyHeader]
  if (typeof presented !== 'string' || presented.trim() === '') {
    throw new HttpError(401, 'Missing API key: send your private key in the X-Service-Api-Key header')
  }
  if (presented.startsWith('service_pub_')) {
    throw new HttpError(
      401,
      'A public key (service_pub_...) cannot be used here: public keys are only for the client-side card form. Send your private key in the X-Service-Api-Key header.',
    )
  }
  const given = Buffer.from(presented)
  // Every key compared, so the time taken says nothing of which one nearly matched.
  let found: SandboxMerchant | undefined
  for (const merchant of merchants) {
    const expected = Buffer.from(merchant.apiKey)
    if (given.length === expected.length && timingSafeEqual(given, expected)) found = merchant
  }
  if (!found) throw new HttpError(401, 'Invalid API key')
  return found
}
