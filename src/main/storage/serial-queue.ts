/** Tasks run one at a time, in the order they were queued. */
export interface SerialQueue {
  /** Runs `task` once every task queued before it has settled; its own outcome is returned as is. */
  run<T>(task: () => Promise<T> | T): Promise<T>
  /** Settles once every task queued so far has settled, failed ones included; never rejects. */
  idle(): Promise<void>
}

/**
 * The one write queue of the main process: a file, a keychain item, a results log each
 * take their writes through one of these, so two never interleave. A failed task is its
 * caller's to handle and does not stop the tasks after it.
 */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run(task) {
      const run = tail.then(task)
      tail = run.catch(() => undefined)
      return run
    },
    idle: () => tail.then(() => undefined),
  }
}
