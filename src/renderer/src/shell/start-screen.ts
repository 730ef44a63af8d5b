import { usePayments } from '../stores/payments-store'

/** The element of index.html that holds the prerendered start screen (see prerender.tsx). */
export const startScreenId = 'start-screen'

/**
 * The build prerenders the first screen into index.html, so the payment ID field takes keystrokes
 * while the scripts are still loading. Once React has drawn its own field, that field takes over
 * what the prerendered one holds (the text, the caret, the focus, an Enter pressed early, which
 * start-screen-early.ts kept) and the prerendered screen goes, before the browser paints.
 */
export function adoptStartScreen(field: HTMLInputElement | null): void {
  const shell = document.getElementById(startScreenId)
  const early = shell?.querySelector<HTMLInputElement>('input[data-testid="payment-id-input"]')
  if (!shell || !early || !field) return
  const focused = document.activeElement === early
  const submitted = early.form?.dataset.submitted === 'true'
  shell.remove()
  if (early.value !== '') {
    // Set on the element too, so the caret below lands in the text before React re-renders.
    field.value = early.value
    usePayments.getState().setInput(early.value)
  }
  if (focused) {
    field.focus()
    field.setSelectionRange(early.selectionStart, early.selectionEnd, early.selectionDirection ?? undefined)
  }
  if (submitted) void usePayments.getState().submit()
}

export function removeStartScreen(): void {
  document.getElementById(startScreenId)?.remove()
}

/**
 * The digit of a screen's shortcut pressed on the start screen before the app took over (kept by
 * start-screen-early.ts), once: the app opens that screen when it starts.
 */
export function takeEarlyShortcut(): string | null {
  const { earlyShortcut } = document.documentElement.dataset
  delete document.documentElement.dataset.earlyShortcut
  return earlyShortcut ?? null
}
