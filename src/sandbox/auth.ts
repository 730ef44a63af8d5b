import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { HttpError } from './http-io'

export const apiKeyHeader = 'x-service-api-key'

/** Returns the presented key when it is the sandbox's private key; otherwise a 401 that says why. */
export function authenticate(req: IncomingMessage, apiKey: string): string {
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
  const expected = Buffer.from(apiKey)
  const given = Buffer.from(presented)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(401, 'Invalid API key')
  }
  return presented
}
