// Support agents paste whatever the customer or the dashboard gave them: a bare ID, a
// dashboard link, a sentence from a ticket. The service does not publish its ID format;
// IDs seen so far look like `<prefix>_<chars>`, so tokens of that shape are preferred,
// and text with none of them is taken whole (the lookup then checks it and the service
// answers 404 if it is no ID).

export type PaymentIdExtraction =
  | { kind: 'empty' }
  /** `extracted`: the ID was pulled out of longer text, so the user should see which one. */
  | { kind: 'found'; id: string; extracted: boolean }
  /** Several different ID-shaped tokens: the caller must not guess. */
  | { kind: 'ambiguous'; candidates: string[] }

const tokenShape = /^[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_-]+$/

// The lookbehind keeps a token from starting in the middle of a word ("1pay_x", "x-pay_y").
const tokenPattern = /(?<![A-Za-z0-9_-])[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_-]+/g

export function extractPaymentId(text: string): PaymentIdExtraction {
  const trimmed = text.trim()
  if (trimmed === '') return { kind: 'empty' }
  if (tokenShape.test(trimmed)) return { kind: 'found', id: trimmed, extracted: false }

  const candidates: string[] = []
  for (const match of trimmed.matchAll(tokenPattern)) {
    const after = trimmed[match.index + match[0].length]
    // A query key ("payment_id=pay_1") or the local part of an e-mail address ("ada_l@example.com").
    if (after === '=' || after === '@') continue
    if (!candidates.includes(match[0])) candidates.push(match[0])
  }

  const [only, ...others] = candidates
  if (only === undefined) return { kind: 'found', id: trimmed, extracted: false }
  if (others.length > 0) return { kind: 'ambiguous', candidates }
  return { kind: 'found', id: only, extracted: true }
}
