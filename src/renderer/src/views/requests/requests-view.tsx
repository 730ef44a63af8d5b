import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { RequestLogCard } from './request-log-card'
import { RequestsChart } from './requests-chart'
import { SchedulerCard } from './scheduler-card'

/** Every request the app made, live, and the throttle that paces them. */
export function RequestsView() {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={2}>Requests</Title>
        <Text c="dimmed" size="sm">
          Every request this app sent to the service, which ones got 429, and how the throttle responds.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SchedulerCard />
        <Paper withBorder p="md" component="section" aria-label="Requests per second">
          <RequestsChart />
        </Paper>
      </SimpleGrid>
      <RequestLogCard />
    </Stack>
  )
}
