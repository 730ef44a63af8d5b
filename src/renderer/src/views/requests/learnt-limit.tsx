import { SimpleGrid, Text } from '@mantine/core'
import type { SchedulerStateView } from '../../../../shared/contract/scheduler-schema'
import { formatDuration } from '../../../../shared/format/duration'
import { formatRate } from '../../../../shared/format/number'
import { formatLocalShort } from '../../../../shared/format/time'

const sourceWords: Record<SchedulerStateView['limitSource'], string> = {
  headers: 'Announced by the service (rate-limit headers)',
  probing: 'Learned from 429s while probing',
  none: 'Not known yet',
}

const phaseWords: Record<SchedulerStateView['phase'], string> = {
  discover: 'Climbing: no 429 yet',
  hold: 'Climbing back to the rate of the last 429',
  probe: 'Above the rate of the last 429, looking for a higher limit',
}

function nowWords(phase: SchedulerStateView['phase'], source: SchedulerStateView['limitSource']): string {
  return source === 'headers' ? 'Pacing at the announced limit' : phaseWords[phase]
}

// Started from what an earlier run of the app learnt; the first 429 or announcement replaces it.
// With no limit learnt then, what it started from is a cap on requests in flight or the rate reached.
function sourceWithResumed(source: SchedulerStateView['limitSource'], resumedFrom: number | null): string {
  if (resumedFrom === null || source === 'headers') return sourceWords[source]
  const when = formatLocalShort(resumedFrom)
  return source === 'probing'
    ? `${sourceWords.probing}, in an earlier session (${when}): checked again as requests go`
    : `${sourceWords.none}: started from the rate an earlier session (${when}) reached without one`
}

function windowWords(windowMs: number | null): string {
  return windowMs === null ? 'Not announced' : formatDuration(windowMs)
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={500} component="dd" m={0} data-testid={testId}>
        {value}
      </Text>
    </div>
  )
}

/** Places of a learnt cap on requests in flight this desk leaves to colleagues (0 with no cap). */
export function placesLeft({ inFlightCap, inFlightHeld }: Pick<SchedulerStateView, 'inFlightCap' | 'inFlightHeld'>): number {
  return inFlightCap === null || inFlightHeld === null ? 0 : inFlightCap - inFlightHeld
}

/** The cap on requests in flight learnt from 429s, and how much of it this desk leaves to colleagues. */
function inFlightWords(inFlightCap: number | null, inFlightHeld: number | null): string {
  if (inFlightCap === null) return 'No cap seen'
  const seen = `At most ${inFlightCap} at once: a 429 came with ${inFlightCap + 1} in flight`
  const left = placesLeft({ inFlightCap, inFlightHeld })
  return left <= 0 ? seen : `${seen}. This desk takes ${inFlightHeld}, leaving ${left} to colleagues`
}

/** What the throttle believes about the service's limit, and where that belief came from. */
export function LearntLimit({ scheduler }: { scheduler: SchedulerStateView }) {
  const { learnedLimit, limitSource, windowMs, phase, inFlightCap, inFlightHeld, headroom, batchRate, resumedFrom } = scheduler
  const perWindow =
    learnedLimit !== null && windowMs !== null ? ` (${formatRate((learnedLimit * windowMs) / 1000)} per ${formatDuration(windowMs)})` : ''
  const share = Math.round(headroom * 100)
  return (
    <SimpleGrid cols={{ base: 2 }} spacing="xs" component="dl" aria-label="What the throttle has learned" my={0}>
      <Fact
        label={limitSource === 'headers' ? 'Limit' : 'Rate of the last 429'}
        value={learnedLimit === null ? 'Not known yet' : `${formatRate(learnedLimit)} req/s${perWindow}`}
        testId="learnt-limit"
      />
      <Fact label="Learned from" value={sourceWithResumed(limitSource, resumedFrom)} testId="limit-source" />
      <Fact label="Window" value={windowWords(windowMs)} testId="limit-window" />
      <Fact label="Now" value={nowWords(phase, limitSource)} testId="scheduler-phase" />
      <Fact
        label="Headroom for colleagues"
        value={
          share === 0
            ? 'None: batch work may use the whole limit'
            : `${share} % of the limit: batch work at most ${formatRate(batchRate)} req/s`
        }
        testId="scheduler-headroom"
      />
      <Fact label="Requests in flight" value={inFlightWords(inFlightCap, inFlightHeld)} testId="scheduler-in-flight-cap" />
    </SimpleGrid>
  )
}
