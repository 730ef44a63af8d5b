import type { SignatureCheckResult } from '../../../../shared/contract/webhook-schema'

/** A short title per cause; the main process's message says what to do about it. */
export const causeTitles: Record<SignatureCheckResult['cause'], string> = {
  valid: 'Valid signature',
  'missing-headers': 'Headers missing',
  'malformed-id': 'The hook-id is malformed',
  'malformed-timestamp': 'The hook-timestamp is malformed',
  'malformed-signature': 'The hook-signature is malformed',
  'timestamp-too-old': 'Timestamp outside the tolerance: too old',
  'timestamp-in-future': 'Timestamp outside the tolerance: in the future',
  'signature-as-secret': 'A signature was pasted where the secret belongs',
  'malformed-secret': 'The secret is malformed',
  'body-reformatted': 'The body was changed (re-formatted)',
  'no-match': 'No signature matches',
}

export function describeSkew(skewSeconds: number): string {
  if (skewSeconds === 0) return "Signed this second, by this computer's clock."
  return skewSeconds > 0
    ? `Signed ${skewSeconds} s before now, by this computer's clock.`
    : `Timestamp is ${-skewSeconds} s ahead of this computer's clock.`
}
