type Listener = (payload: unknown) => void

export interface EventHub {
  listen: (name: string, listener: Listener) => () => void
  emit: (name: string, payload: unknown) => void
}

/**
 * Listeners by event name: the stand-in for main's pushes behind a fake `window.paymentsDesk`
 * (renderer tests, the e2e page). It uses only what it declares, so the e2e bridge can send
 * its source into a page.
 */
export function eventHub(): EventHub {
  const listeners = new Map<string, Set<Listener>>()
  return {
    listen(name, listener) {
      const set = listeners.get(name) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(name, set)
      return () => {
        set.delete(listener)
      }
    },
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) listener(payload)
    },
  }
}
