/** How many ticks an axis may have before they crowd. */
const maxTicks = 6

/**
 * A count axis in whole numbers, up to just the largest count: 0–1 for a largest count of 1,
 * 0–10 in steps of 2 for 9, never an axis past the data in fractions.
 */
export function countAxis(max: number): { ticks: number[]; domain: [number, number] } {
  const top = Math.max(1, Math.ceil(max))
  const rough = top / (maxTicks - 1)
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude)
  const end = Math.ceil(top / step) * step
  return { ticks: Array.from({ length: end / step + 1 }, (_, i) => i * step), domain: [0, end] }
}

/** Room for the longest bar label at the chart's 12px text, within bounds that keep the bars readable. */
export function labelWidth(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length))
  return Math.min(280, Math.max(80, Math.ceil(longest * 6.8) + 16))
}

/** A label cut to the axis's room, with an ellipsis; the whole of it is in the bar's tooltip. */
export function fitLabel(label: string, width: number): string {
  const room = Math.floor((width - 16) / 6.8)
  return label.length <= room ? label : `${label.slice(0, Math.max(1, room - 1))}…`
}
