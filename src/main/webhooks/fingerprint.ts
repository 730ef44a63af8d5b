import { createHash } from 'node:crypto'

/** A short SHA-256 of a secret: tells two secrets apart without revealing either. */
export function secretFingerprint(secret: string): string {
  const hex = createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 16)
  return `SHA256:${hex.match(/.{4}/g)?.join(' ') ?? hex}`
}
