/** An amount in minor units as major units, the way the local sandbox reads it: 1500 EUR → "15.00 EUR". */
export function formatMinorUnits(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(amount)
  const major = Math.floor(abs / 100)
  const minor = String(abs % 100).padStart(2, '0')
  return `${sign}${major}.${minor} ${currency}`
}
