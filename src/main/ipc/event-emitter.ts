import { eventContract, type EventName, type EventPayload } from '../../shared/contract/channels'

export type EventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void

/**
 * The live events to the renderer. Each payload is parsed with its contract schema
 * before it goes out, so a field that is not in the contract (whatever put it there)
 * never reaches the window; one that does not match is reported and not sent.
 */
export function createEventEmitter(onInvalid: (error: Error) => void): {
  emit: EventListener
  subscribe: (listener: EventListener) => () => void
} {
  const listeners = new Set<EventListener>()
  return {
    emit(name, payload) {
      const checked = eventContract[name].safeParse(payload)
      if (!checked.success) {
        onInvalid(
          new Error(
            `Event ${name} does not match its schema: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
          ),
        )
        return
      }
      for (const listener of listeners) listener(name, checked.data as EventPayload<typeof name>)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
