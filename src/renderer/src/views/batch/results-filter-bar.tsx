import { Button, Group, Input, SegmentedControl, Select, TextInput, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { BatchResult } from '../../../../shared/contract/batch-schema'
import { useBatchResults, type OutcomeFilter, type ResultSort } from '../../stores/batch-results-store'
import { retryableLabels } from './failure-breakdown'
import { formatCount } from '../../../../shared/format/number'
import { lookupCodeValue } from './result-filters'
import { resultColumns } from './results-table'

interface Options {
  counts: Record<OutcomeFilter, number>
  codes: ComboboxItemGroup<string | ComboboxItem>[]
}

function optionsOf(results: BatchResult[]): Options {
  const counts: Record<OutcomeFilter, number> = { all: results.length, failed: 0, 'not-found': 0, error: 0 }
  const declines = new Set<string>()
  const lookups = new Set<string>()
  for (const result of results) {
    if (result.errorCode !== null) {
      counts.failed += 1
      declines.add(result.errorCode)
    }
    if (result.outcome === 'not-found') counts['not-found'] += 1
    if (result.outcome === 'error') counts.error += 1
    if (result.failure) lookups.add(result.failure.code)
  }
  const codes: ComboboxItemGroup<string | ComboboxItem>[] = []
  if (declines.size > 0) codes.push({ group: 'Decline codes', items: [...declines].sort() })
  if (lookups.size > 0)
    codes.push({ group: 'Lookup errors', items: [...lookups].sort().map((code) => ({ value: lookupCodeValue(code), label: code })) })
  return { counts, codes }
}

const retryOptions = [
  { value: 'all', label: 'Any' },
  ...(['yes', 'no', 'depends', 'later'] as const).map((value) => ({ value, label: retryableLabels[value] })),
]

// The keyboard's way to sort (the table's header buttons are the mouse's): the table stays one Tab stop.
const sortOptions = [
  { value: 'none', label: 'List order' },
  ...resultColumns.flatMap(({ column, label }) => [
    { value: `${column}:asc`, label: `${label}, ascending` },
    { value: `${column}:desc`, label: `${label}, descending` },
  ]),
]

function sortOf(value: string | null): ResultSort {
  const column = resultColumns.find((c) => value?.startsWith(`${c.column}:`))?.column
  return column ? { column, direction: value?.endsWith(':desc') ? 'desc' : 'asc' } : null
}

const isOutcome = (value: string): value is OutcomeFilter => ['all', 'failed', 'not-found', 'error'].includes(value)
const isRetry = (value: string | null): value is 'all' | 'yes' | 'no' | 'depends' | 'later' =>
  value !== null && retryOptions.some((o) => o.value === value)

/** Outcome, error code, retryable class and ID text: the ways into a big result list. */
export function ResultsFilterBar({ results }: { results: BatchResult[] }) {
  const { filter, setFilter, clearFilter, sort, setSort } = useBatchResults(
    useShallow((s) => ({ filter: s.filter, setFilter: s.setFilter, clearFilter: s.clearFilter, sort: s.sort, setSort: s.setSort })),
  )
  const { counts, codes } = useMemo(() => optionsOf(results), [results])
  const filtered = filter.outcome !== 'all' || filter.code !== null || filter.retryable !== 'all' || filter.text !== ''

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Input.Wrapper label="Outcome" labelElement="div">
        <SegmentedControl
          display="flex"
          aria-label="Outcome"
          value={filter.outcome}
          onChange={(value) => {
            if (isOutcome(value)) setFilter({ outcome: value })
          }}
          data={[
            { value: 'all', label: `All ${formatCount(counts.all)}` },
            { value: 'failed', label: `Failed payments ${formatCount(counts.failed)}` },
            { value: 'not-found', label: `Not found ${formatCount(counts['not-found'])}` },
            { value: 'error', label: `Lookup errors ${formatCount(counts.error)}` },
          ]}
        />
      </Input.Wrapper>
      <Select
        label="Error code"
        placeholder="Any code"
        data={codes}
        value={filter.code}
        onChange={(value) => {
          setFilter({ code: value })
        }}
        clearable
        searchable
        nothingFoundMessage="No such code in these results"
        w={220}
      />
      <Select
        label="Retryable"
        data={retryOptions}
        value={filter.retryable}
        onChange={(value) => {
          if (isRetry(value)) setFilter({ retryable: value })
        }}
        allowDeselect={false}
        w={150}
      />
      <TextInput
        label="Filter by ID"
        placeholder="pay_…"
        value={filter.text}
        onChange={(event) => {
          setFilter({ text: event.currentTarget.value })
        }}
        w={180}
      />
      <Select
        label="Sort"
        data={sortOptions}
        value={sort ? `${sort.column}:${sort.direction}` : 'none'}
        onChange={(value) => {
          setSort(sortOf(value))
        }}
        allowDeselect={false}
        w={200}
      />
      {filtered && (
        <Button variant="subtle" onClick={clearFilter}>
          Clear filters
        </Button>
      )}
    </Group>
  )
}
