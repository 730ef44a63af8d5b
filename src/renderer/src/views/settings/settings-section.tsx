import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** One titled block of the Settings screen. */
export function SettingsSection(props: { title: string; description?: ReactNode; children: ReactNode; testId?: string }) {
  const id = `settings-section-${props.title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} data-testid={props.testId}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id={id}>
            {props.title}
          </Title>
          {props.description ? (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          ) : null}
        </div>
        {props.children}
      </Stack>
    </Paper>
  )
}
