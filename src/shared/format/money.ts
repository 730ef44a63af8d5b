import { iso4217MinorUnits } from './iso-4217-units'

// Amounts as the service sends them: an integer whose unit its documentation does not define.
// The app reads it as the currency's minor units (the local sandbox's convention), shows that
// reading beside the raw integer, and says the same words for the assumption everywhere.
// How many digits a minor unit has is ISO 4217's (src/shared/format/iso-4217-units.ts, from
// ISO's list), not Intl's: CLDR shows HUF, IDR, IQD and a dozen more with other digits than
// ISO gives them, which would put a payment 100 or 1,000 times out. Intl only formats.

/** What every reading of an amount assumes, in the words the screens and exports use. */
export const minorUnitsAssumption = 'assuming minor units'

/** Said after the raw integer of a currency ISO gives no minor unit (XAU, XDR, XXX ...). */
export const noMinorUnitNote = 'no minor unit in ISO 4217'

// When the currency is missing or not an active ISO 4217 code, cents: the sandbox's convention.
const fallbackDigits = 2
const formats = new Map<string, Intl.NumberFormat | null>()

function isoDigits(code: string): number | null | undefined {
  return Object.hasOwn(iso4217MinorUnits, code) ? iso4217MinorUnits[code] : undefined
}

function currencyFormat(code: string, digits: number): Intl.NumberFormat | null {
  const key = `${code}/${String(digits)}`
  let format = formats.get(key)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
    } catch {
      format = null
    }
    formats.set(key, format)
  }
  return format
}

/**
 * The currency's minor unit in ISO 4217 (EUR 2, JPY 0, KWD 3, IQD 3); null for a code ISO
 * gives none (XAU); 2 when the code is missing or not one of ISO's active codes.
 */
export function isoMinorUnit(currency: string | null | undefined): number | null {
  const digits = currency ? isoDigits(currency.toUpperCase()) : undefined
  return digits === undefined ? fallbackDigits : digits
}

/** How many digits of the integer are the fraction: ISO's minor unit, 0 (the raw integer) where ISO gives none. */
export function minorUnitDigits(currency: string | null | undefined): number {
  return isoMinorUnit(currency) ?? 0
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
 * 1500 KWD → "KWD 1.500", 12345 HUF → "HUF 123.45". A code ISO gives no minor unit is the
 * raw integer with the code and a note: "1500 XAU (no minor unit in ISO 4217)". A code Intl
 * does not accept is shown as it came: "15.00 EURO". A fraction (not a whole number of
 * minor units) is kept, not rounded away.
 */
export function formatMoney(amount: number, currency: string | null | undefined): string {
  if (!Number.isFinite(amount)) return currency ? `${String(amount)} ${currency}` : String(amount)
  const digits = isoMinorUnit(currency)
  if (digits === null) return `${String(amount)} ${String(currency).toUpperCase()} (${noMinorUnitNote})`
  const format = currency ? currencyFormat(currency.toUpperCase(), digits) : null
  const value = majorUnits(amount, digits) as Intl.StringNumericLiteral
  const options: Intl.NumberFormatOptions = format
    ? format.resolvedOptions()
    : { minimumFractionDigits: digits, maximumFractionDigits: digits }
  const exact = Number.isInteger(amount) ? format : new Intl.NumberFormat('en', { ...options, maximumFractionDigits: 20 })
  const text = (exact ?? new Intl.NumberFormat('en', options)).format(value)
  return format || !currency ? text : `${text} ${currency}`
}
