import { BarChart } from '@mantine/charts'
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useMemo } from 'react'
import { useBatchResults } from '../../stores/batch-results-store'
import { failureBreakdown, type CodeCount, type RetryableCount } from './failure-breakdown'
import { FailureTables } from './failure-tables'
import { FailedAmounts } from './failed-amounts'
import { countAxis, fitLabel, labelWidth } from './chart-axis'
import { explainDecline } from '../../../../shared/decline-codes'
import { formatCount } from '../../../../shared/format/number'
import { plural } from '../../../../shared/format/plural'

const failedPayment = { one: 'failed payment', other: 'failed payments' }

// The text colours: the theme keeps them at AA against the page in both schemes, above the 3:1 bars need.
const codeSeries = [{ name: 'count', label: 'Failed payments', color: 'var(--mantine-color-red-text)' }]
const retrySeries = [{ name: 'count', label: 'Failed payments', color: 'var(--mantine-color-orange-text)' }]

function ChartTip({ heading, code, detail, count }: { heading: string; code?: string; detail: string; count: number }) {
  return (
    <Paper withBorder shadow="md" p="xs" maw={280}>
      <Text size="sm" fw={700}>
        {heading}
      </Text>
      {code !== undefined && (
        <Text size="xs" ff="monospace">
          {code}
        </Text>
      )}
      <Text size="sm">{detail}</Text>
      <Text size="xs" c="dimmed">
        {plural(count, failedPayment)}
      </Text>
    </Paper>
  )
}

interface TickProps {
  x?: number | string
  y?: number | string
  payload?: { value?: unknown }
}

// One line per label, cut to the axis's room: recharts' own tick wraps words, measuring them at the page's font size, not the axis's.
function CodeTick({ x, y, payload, room }: TickProps & { room: number }) {
  return (
    <text x={x} y={y} dx={-10} dy={4} textAnchor="end" fontSize={12} fill="currentColor" className="recharts-cartesian-axis-tick-value">
      {fitLabel(typeof payload?.value === 'string' ? payload.value : '', room)}
    </text>
  )
}

const retryDetails: Record<RetryableCount['retryable'], string> = {
  yes: 'The customer can try again now.',
  no: 'The same card will not work: another card is needed.',
  depends: 'It depends on the cause: read the code.',
  later: 'A retry works after a wait (a limit resets).',
}

/** Failed payments by decline code and by retryable class; lookups that failed are counted apart. */
export function FailureCharts() {
  const results = useBatchResults((s) => s.results)
  const breakdown = useMemo(() => failureBreakdown(results), [results])
  const { byCode, byRetryable, lookupErrors, failedPayments } = breakdown
  const codeAxis = countAxis(Math.max(0, ...byCode.map((entry) => entry.count)))
  const retryAxis = countAxis(Math.max(0, ...byRetryable.map((entry) => entry.count)))
  const codeLabelWidth = labelWidth(byCode.map((entry) => entry.label))

  return (
    <Paper withBorder p="md" component="section" aria-label="Failures">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3}>Failures</Title>
          <Text size="sm" c="dimmed" data-testid="failure-total">
            {plural(failedPayments, failedPayment)} in {plural(results.length, { one: 'result', other: 'results' })}
          </Text>
        </Group>
        {failedPayments === 0 ? (
          <Text size="sm" c="dimmed">
            {results.length === 0
              ? 'The breakdown of failed payments shows here as results arrive.'
              : 'No failed payments among these results.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                By error code
              </Text>
              <BarChart
                h={Math.max(140, byCode.length * 28 + 40)}
                data={byCode}
                dataKey="label"
                series={codeSeries}
                orientation="vertical"
                // Room for the longest label inside the card; a longer one is cut, whole in its tooltip.
                yAxisProps={{
                  width: codeLabelWidth,
                  interval: 0,
                  tick: (props: TickProps) => <CodeTick {...props} room={codeLabelWidth} />,
                }}
                xAxisProps={{ allowDecimals: false, ticks: codeAxis.ticks, domain: codeAxis.domain, interval: 0 }}
                gridAxis="y"
                maxBarWidth={22}
                barProps={{ isAnimationActive: false }}
                withBarValueLabel
                valueFormatter={String}
                tooltipAnimationDuration={0}
                tooltipProps={{
                  content: ({ payload }) => {
                    const entry = payload[0]?.payload as CodeCount | undefined
                    return entry ? (
                      <ChartTip heading={entry.title} code={entry.code} detail={explainDecline(entry.code).meaning} count={entry.count} />
                    ) : null
                  },
                }}
                role="figure"
                aria-label="Failed payments by error code"
                data-testid="chart-by-code"
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                By retryable class
              </Text>
              <BarChart
                h={180}
                data={byRetryable}
                // Room above the tallest bar for its count.
                barChartProps={{ margin: { top: 20 } }}
                dataKey="label"
                series={retrySeries}
                yAxisProps={{ allowDecimals: false, width: 40, ticks: retryAxis.ticks, domain: retryAxis.domain, interval: 0 }}
                gridAxis="x"
                maxBarWidth={64}
                barProps={{ isAnimationActive: false }}
                withBarValueLabel
                valueFormatter={String}
                tooltipAnimationDuration={0}
                tooltipProps={{
                  content: ({ payload }) => {
                    const entry = payload[0]?.payload as RetryableCount | undefined
                    return entry ? <ChartTip heading={entry.label} detail={retryDetails[entry.retryable]} count={entry.count} /> : null
                  },
                }}
                role="figure"
                aria-label="Failed payments by retryable class"
                data-testid="chart-by-retryable"
              />
            </Stack>
          </SimpleGrid>
        )}
        {failedPayments > 0 && <FailedAmounts results={results} />}
        {failedPayments > 0 && <FailureTables byCode={byCode} byRetryable={byRetryable} />}
        {lookupErrors.length > 0 && (
          <Group gap="xs" wrap="wrap" data-testid="lookup-errors">
            <Text size="sm">Lookups that got no answer about the payment:</Text>
            {lookupErrors.map((entry) => (
              <Badge key={entry.code} color="orange" variant="light" title={entry.message}>
                {entry.code}: {formatCount(entry.count)}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
