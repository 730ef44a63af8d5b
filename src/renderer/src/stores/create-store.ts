import { create, type StoreApi, type UseBoundStore } from 'zustand'

/** What a store owns besides its state: timers and subscriptions, ended when the store is reset. */
export interface StoreScope {
  /** Keeps `stop` until the store is reset, which calls it; the answer calls it now (once) and forgets it. */
  own(stop: () => void): () => void
}

type Initializer<T> = (set: StoreApi<T>['setState'], get: StoreApi<T>['getState'], scope: StoreScope) => T

const resets = new Set<() => void>()

/** zustand's `create`, remembering each store's initial state and what it owns, so tests can reset them all. */
export function createStore<T extends object>(initializer: Initializer<T>): UseBoundStore<StoreApi<T>> {
  const owned = new Set<() => void>()
  const scope: StoreScope = {
    own(stop) {
      const once = (): void => {
        if (owned.delete(once)) stop()
      }
      owned.add(once)
      return once
    },
  }
  const store = create<T>()((set, get) => initializer(set, get, scope))
  const initial = store.getState()
  resets.add(() => {
    for (const stop of [...owned]) stop()
    store.setState(initial, true)
  })
  return store
}

export function resetAllStores(): void {
  for (const reset of resets) reset()
}
