import { AreaChart } from '@mantine/charts'
import { Group, Text } from '@mantine/core'
import { useMemo } from 'react'
import { useRequests } from '../../stores/requests-store'
import { bucketBySecond } from './per-second'
import { useNow } from '../../hooks/use-now'
import { formatCount } from '../../../../shared/format/number'
import { plural } from '../../../../shared/format/plural'

const windowSeconds = 180
const series = [
  // Variables from theme-preferences.css: system colours in forced colours.
  { name: 'requests', label: 'Requests', color: 'var(--chart-requests)' },
  { name: 'rateLimited', label: '429s', color: 'var(--chart-rate-limited)' },
]

/** Requests and 429s per second over the last three minutes, sliding once a second. */
export function RequestsChart() {
  const entries = useRequests((s) => s.entries)
  const now = useNow(1000)
  // A batch can land between two ticks: end the window at its newest entry, not before it.
  const end = Math.max(now, entries.at(-1)?.time ?? 0)
  const data = useMemo(() => bucketBySecond(entries, end, windowSeconds), [entries, end])
  const totals = useMemo(
    () =>
      data.reduce((sum, bucket) => ({ requests: sum.requests + bucket.requests, rateLimited: sum.rateLimited + bucket.rateLimited }), {
        requests: 0,
        rateLimited: 0,
      }),
    [data],
  )
  return (
    <div>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>Requests per second, last 3 minutes</Text>
        <Text size="xs" c={totals.rateLimited > 0 ? 'red' : 'dimmed'}>
          {plural(totals.requests, { one: 'request', other: 'requests' })} · {formatCount(totals.rateLimited)} × 429
        </Text>
      </Group>
      <AreaChart
        h={280}
        data={data}
        dataKey="label"
        series={series}
        curveType="stepAfter"
        withDots={false}
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        strokeWidth={1.5}
        fillOpacity={0.25}
        areaProps={{ isAnimationActive: false }}
        xAxisProps={{ interval: 29, tickMargin: 6 }}
        yAxisProps={{ allowDecimals: false, width: 32 }}
        gridAxis="y"
        aria-label="Requests and 429s per second over the last three minutes"
      />
      {totals.requests === 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          Nothing sent in the last 3 minutes. Look up a payment and it shows here within a second.
        </Text>
      )}
    </div>
  )
}
