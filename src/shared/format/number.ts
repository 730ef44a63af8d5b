const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0 })

/** A count with thousands separators: "12,345". */
export function formatCount(value: number): string {
  return integer.format(value)
}

/** Requests per second with the precision a fractional limit (0.25 req/s) needs; the caller names the unit. */
export function formatRate(perSecond: number): string {
  const digits = perSecond >= 100 ? 0 : perSecond >= 10 ? 1 : 2
  return String(Number(perSecond.toFixed(digits)))
}
