import { checkoutFields, messagePath, productFields } from '../../../../shared/checkout-rules'

export interface SortedMessages {
  /** Form path (the message's own leading path) → the messages naming it. */
  fields: Record<string, string[]>
  /** Messages that name no field of the form, to show above it. */
  unmapped: string[]
}

function isFormPath(path: string, rowCount: number): boolean {
  if ((checkoutFields as readonly string[]).includes(path)) return true
  const row = /^products\.(\d+)\.(\w+)$/.exec(path)
  if (!row?.[1] || !row[2]) return false
  return Number(row[1]) < rowCount && (productFields as readonly string[]).includes(row[2])
}

/**
 * Sorts the service's messages (or the shared rules', which use the same words) by the
 * field each one names: `products.0.price must be ...` belongs to the first row's price.
 */
export function sortMessages(messages: readonly string[], rowCount: number): SortedMessages {
  const fields: Record<string, string[]> = {}
  const unmapped: string[] = []
  for (const message of messages) {
    const path = messagePath(message)
    if (path !== null && isFormPath(path, rowCount)) fields[path] = [...(fields[path] ?? []), message]
    else unmapped.push(message)
  }
  return { fields, unmapped }
}
