import { useEffect, useLayoutEffect, useRef, type ClipboardEvent, type SubmitEvent } from 'react'
import { Box, Button, Group, Kbd, Stack, Text, TextInput } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useNavigation } from '../../stores/navigation-store'
import { usePayments } from '../../stores/payments-store'
import { modKeyLabel } from '../../format/mod-key'
import { adoptStartScreen } from '../../shell/start-screen'
import { EveryAccount } from './every-account'

const textTypes = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number'])

/** Whether a paste there is that element's own: a text field or an editable region. */
function takesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true
  return target instanceof HTMLInputElement && textTypes.has(target.type)
}

/** The one ID field: paste or type, Enter looks up; Ctrl/Cmd+K from any screen lands here. */
export function LookupForm() {
  const { input, fieldError, fieldHint, candidates } = usePayments(
    useShallow((s) => ({ input: s.input, fieldError: s.fieldError, fieldHint: s.fieldHint, candidates: s.candidates })),
  )
  const focusRequest = useNavigation((s) => s.lookupFocusRequest)
  const seenFocusRequest = usePayments((s) => s.seenFocusRequest)
  const field = useRef<HTMLInputElement>(null)

  // What was typed into the prerendered field while the scripts loaded carries over before the first paint.
  useLayoutEffect(() => {
    adoptStartScreen(field.current)
  }, [])

  // Opening the screen is arriving at its field, unless the focus is already somewhere (the hand-over above).
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) field.current?.focus()
  }, [])

  useEffect(() => {
    if (focusRequest === seenFocusRequest) return
    field.current?.focus()
    field.current?.select()
    usePayments.getState().markFocusSeen(focusRequest)
  }, [focusRequest, seenFocusRequest])

  // A paste anywhere on the screen but in another text field is meant for this one.
  useEffect(() => {
    const onScreenPaste = (event: globalThis.ClipboardEvent) => {
      if (event.defaultPrevented || takesText(event.target) || !event.clipboardData) return
      if (!usePayments.getState().paste(event.clipboardData.getData('text'))) return
      event.preventDefault()
      field.current?.focus()
    }
    document.addEventListener('paste', onScreenPaste)
    return () => {
      document.removeEventListener('paste', onScreenPaste)
    }
  }, [])

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    void usePayments.getState().submit()
  }
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (usePayments.getState().paste(event.clipboardData.getData('text'))) event.preventDefault()
  }

  return (
    <form onSubmit={onSubmit} aria-label="Look up a payment">
      <Stack gap={6}>
        <TextInput
          ref={field}
          label="Payment ID"
          description="Paste an ID, a dashboard link or a sentence that contains one, then press Enter."
          placeholder="pay_..."
          value={input}
          onChange={(event) => {
            usePayments.getState().setInput(event.currentTarget.value)
          }}
          onPaste={onPaste}
          error={fieldError}
          spellCheck={false}
          autoComplete="off"
          // Only in the prerendered field (index.html), so the first keys land there; the app's field takes
          // the focus from it when it takes over, and takes it itself below when nothing has it.
          autoFocus={import.meta.env.SSR}
          // DejaVu Sans Mono (Linux's monospace) loses its underscores at 14px inside an input,
          // and payment IDs are made of them.
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 15 } }}
          inputContainer={(children) => (
            // The search of every account goes to a second row before the field gets too short for an ID.
            <Group gap="sm" wrap="wrap" align="flex-start">
              <Box flex={1} miw={280}>
                {children}
              </Box>
              {/* Never disabled by a lookup in flight: a disabled submit button would swallow the next Enter. */}
              <Button type="submit" flex="none">
                Look up
              </Button>
              <EveryAccount />
            </Group>
          )}
          rightSection={<Kbd size="xs">{modKeyLabel()} K</Kbd>}
          rightSectionWidth={64}
          rightSectionPointerEvents="none"
          data-testid="payment-id-input"
        />
        {fieldHint && (
          <Text size="sm" c="dimmed" data-testid="field-hint">
            {fieldHint}
          </Text>
        )}
        {candidates.length > 0 && (
          <Group gap="xs" role="group" aria-label="IDs found in the text">
            <Text size="sm">Look up:</Text>
            {candidates.map((id) => (
              <Button
                key={id}
                size="compact-sm"
                variant="light"
                ff="monospace"
                onClick={() => {
                  void usePayments.getState().open(id)
                }}
              >
                {id}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </form>
  )
}
