export interface EchoedProduct {
  name: string
  price: string
  quantity: string
}

function show(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value)
  return value === undefined ? '—' : JSON.stringify(value)
}

/**
 * The line items as the service returned them in its answer (`products`), shown as they
 * came; null when the answer holds no such list (the spec does not promise one).
 */
export function echoedProducts(raw: unknown): EchoedProduct[] | null {
  if (typeof raw !== 'object' || raw === null || !('products' in raw) || !Array.isArray(raw.products)) return null
  return (raw.products as unknown[]).map((item) => {
    if (typeof item !== 'object' || item === null) return { name: show(item), price: '—', quantity: '—' }
    const { name, price, quantity } = item as Record<string, unknown>
    return { name: show(name), price: show(price), quantity: show(quantity) }
  })
}
