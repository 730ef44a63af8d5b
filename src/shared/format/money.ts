// Amounts as the service sends them: an integer whose unit its documentation does not define.
// The app reads it as the currency's minor units (the local sandbox's convention), shows that
// reading beside the raw integer, and says the same words for the assumption everywhere.

/** What every reading of an amount assumes, in the words the screens and exports use. */
export const minorUnitsAssumption = 'assuming minor units'

// When the currency is missing or not an ISO 4217 code, cents: the sandbox's convention.
const fallbackDigits = 2
const formats = new Map<string, Intl.NumberFormat | null>()

function currencyFormat(currency: string): Intl.NumberFormat | null {
  const key = currency.toUpperCase()
  let format = formats.get(key)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en', { style: 'currency', currency: key })
    } catch {
      format = null
    }
    formats.set(key, format)
  }
  return format
}

/** How many minor-unit digits the currency has, as Intl knows it (EUR 2, JPY 0, KWD 3); 2 when unknown. */
export function minorUnitDigits(currency: string | null | undefined): number {
  const format = currency ? currencyFormat(currency) : null
  return format ? (format.resolvedOptions().maximumFractionDigits ?? fallbackDigits) : fallbackDigits
}

/**
 * The integer in major units as exact decimal text: a double past 2^53 loses nothing more,
 * and 1e21 does not turn into exponent notation on the way.
 */
function majorUnits(amount: number, digits: number): string {
  if (!Number.isInteger(amount)) return String(amount / 10 ** digits)
  const sign = amount < 0 ? '-' : ''
  const text = BigInt(Math.abs(amount)).toString()
  if (digits === 0) return `${sign}${text}`
  const padded = text.padStart(digits + 1, '0')
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`
}

/**
 * The amount read as minor units of its currency: 1500 EUR → "€15.00", 1500 JPY → "¥1,500",
 * 1500 KWD → "KWD 1.500". A code Intl does not accept is shown as it came: "15.00 EURO".
 * A fraction (not a whole number of minor units) is kept, not rounded away.
 */
export function formatMoney(amount: number, currency: string | null | undefined): string {
  if (!Number.isFinite(amount)) return currency ? `${String(amount)} ${currency}` : String(amount)
  const format = currency ? currencyFormat(currency) : null
  const digits = minorUnitDigits(currency)
  const value = majorUnits(amount, digits) as Intl.StringNumericLiteral
  const options: Intl.NumberFormatOptions = format
    ? format.resolvedOptions()
    : { minimumFractionDigits: digits, maximumFractionDigits: digits }
  const exact = Number.isInteger(amount) ? format : new Intl.NumberFormat('en', { ...options, maximumFractionDigits: 20 })
  const text = (exact ?? new Intl.NumberFormat('en', options)).format(value)
  return format || !currency ? text : `${text} ${currency}`
}
