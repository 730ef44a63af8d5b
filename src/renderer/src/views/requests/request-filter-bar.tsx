import { CloseButton, Group, Input, SegmentedControl, Switch, TextInput } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useRequests, type StatusClass } from '../../stores/requests-store'

const statusOptions: { value: StatusClass; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: '2xx', label: '2xx' },
  { value: '4xx', label: '4xx' },
  { value: '5xx', label: '5xx' },
  { value: 'none', label: 'No answer' },
]

export function RequestFilterBar() {
  const { filter, setFilter } = useRequests(useShallow((s) => ({ filter: s.filter, setFilter: s.setFilter })))
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Input.Wrapper label="Status" id="request-status-filter" labelElement="div" size="xs">
        <SegmentedControl<StatusClass>
          size="xs"
          display="flex"
          aria-labelledby="request-status-filter-label"
          data={statusOptions}
          value={filter.status}
          onChange={(status) => {
            setFilter({ status })
          }}
        />
      </Input.Wrapper>
      <TextInput
        size="xs"
        label="Path contains"
        placeholder="pay_ or /api/checkout"
        w={220}
        value={filter.path}
        onChange={(event) => {
          setFilter({ path: event.currentTarget.value })
        }}
        rightSection={
          filter.path === '' ? null : (
            <CloseButton
              size="sm"
              aria-label="Clear the path filter"
              onClick={() => {
                setFilter({ path: '' })
              }}
            />
          )
        }
      />
      <Switch
        size="sm"
        color="red"
        label="429 only"
        checked={filter.rateLimitedOnly}
        onChange={(event) => {
          setFilter({ rateLimitedOnly: event.currentTarget.checked })
        }}
        mb={4}
      />
    </Group>
  )
}
