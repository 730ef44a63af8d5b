import { Button, Group, Modal, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

interface ConfirmDialogProps {
  opened: boolean
  title: string
  /** What happens if the user confirms, in words they can check before they do. */
  children: ReactNode
  cancelLabel: string
  confirmLabel: string
  /** Red for what cannot be undone or reaches real customers; orange for a risk short of that. */
  confirmColor?: 'red' | 'orange'
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * The one confirmation dialog. Cancel holds the focus when it opens, so an Enter meant for
 * the form behind it, or a key held down, cancels instead of doing what is being confirmed;
 * Escape and the close button cancel too. Only a deliberate click or Tab-then-Enter confirms.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  cancelLabel,
  confirmLabel,
  confirmColor = 'red',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
