import { create, type StateCreator, type StoreApi, type UseBoundStore } from 'zustand'

const resets = new Set<() => void>()

/** zustand's `create`, remembering each store's initial state so tests can reset them all. */
export function createStore<T extends object>(initializer: StateCreator<T>): UseBoundStore<StoreApi<T>> {
  const store = create<T>()(initializer)
  const initial = store.getState()
  resets.add(() => {
    store.setState(initial, true)
  })
  return store
}

export function resetAllStores(): void {
  for (const reset of resets) reset()
}
