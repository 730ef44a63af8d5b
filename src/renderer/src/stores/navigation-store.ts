import { createStore } from './create-store'

export const views = ['payments', 'batch', 'checkout', 'webhooks', 'requests', 'settings'] as const
export type View = (typeof views)[number]

interface NavigationState {
  view: View
  /** Bumped to ask the payment ID field to take focus (Ctrl/Cmd+K, and each time Payments is opened). */
  lookupFocusRequest: number
  go: (view: View) => void
  focusLookup: () => void
}

export const useNavigation = createStore<NavigationState>((set) => ({
  view: 'payments',
  lookupFocusRequest: 0,
  go: (view) => {
    // Arriving at Payments (Ctrl/Cmd+1, the list) is arriving at its ID field.
    set((state) => (view === 'payments' ? { view, lookupFocusRequest: state.lookupFocusRequest + 1 } : { view }))
  },
  focusLookup: () => {
    set((state) => ({ view: 'payments', lookupFocusRequest: state.lookupFocusRequest + 1 }))
  },
}))
