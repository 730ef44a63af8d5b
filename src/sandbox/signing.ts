import { createHmac, randomBytes } from 'node:crypto'

// Standard Webhooks v1 under the service's `hook-` header prefix (see DESIGN.md):
// HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed with the base64 part of `whsec_...`.

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

export function signatureFor(secret: string, hookId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const digest = createHmac('sha256', key).update(`${hookId}.${timestamp}.${body}`).digest('base64')
  return `v1,${digest}`
}
