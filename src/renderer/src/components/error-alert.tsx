import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { AppErrorShape } from '../../../shared/app-error'
import { wordsFor } from '../../../shared/error-words'
import { useNavigation } from '../stores/navigation-store'

interface ErrorAlertProps {
  error: AppErrorShape
  /** What did not happen, in this view's words ("The key was not saved"); else the kind of failure. */
  title?: string
  /** Offered when trying again unchanged can succeed (the code says so). */
  onRetry?: () => void
  /** Replaces main's message when the view shows it elsewhere (field messages by their fields). */
  message?: ReactNode
  /** Replaces the vocabulary's next step when the view knows a better one. */
  action?: ReactNode
  /** View-specific extras below the message: a checkbox, a list, a second button. */
  children?: ReactNode
  variant?: 'light' | 'filled'
  'data-testid'?: string
}

const colors = { warning: 'yellow', neutral: 'gray' } as const

/**
 * Every error the app shows, in one shape: the kind of failure, the message main sent,
 * the next step from the one vocabulary (src/shared/error-words.ts) and the code for a
 * support ticket. Announced at once (role="alert").
 */
export function ErrorAlert({ error, title, onRetry, message, action, children, variant = 'light', ...rest }: ErrorAlertProps) {
  const words = wordsFor(error.code)
  // On the Settings screen the button would lead nowhere.
  const toSettings = useNavigation((s) => s.view !== 'settings') && words.settings === true
  const color = words.tone ? colors[words.tone] : words.settings ? 'orange' : 'red'
  const canRetry = onRetry !== undefined && words.retry === true
  return (
    <Alert
      color={color}
      variant={variant}
      title={title ?? words.title}
      role="alert"
      data-code={error.code}
      data-testid={rest['data-testid']}
    >
      <Stack gap="xs" align="flex-start">
        {message === undefined ? <Text size="sm">{error.message}</Text> : message}
        {action === undefined ? <Text size="sm">{words.action}</Text> : action}
        {children}
        {canRetry || toSettings ? (
          <Group gap="xs">
            {canRetry ? (
              <Button size="xs" variant="default" onClick={onRetry}>
                Try again
              </Button>
            ) : null}
            {toSettings ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  useNavigation.getState().go('settings')
                }}
              >
                Open Settings
              </Button>
            ) : null}
          </Group>
        ) : null}
        <Text size="xs" c="dimmed">
          Error code: {error.code}
        </Text>
      </Stack>
    </Alert>
  )
}
