import type { RequestLogEntry } from '../../shared/contract/request-log-schema'
import { maskEmails } from './mask'

export const requestLogCapacity = 10_000

export type NewLogEntry = Omit<RequestLogEntry, 'id'>
export type LogListener = (entries: RequestLogEntry[]) => void

export interface RequestLogOptions {
  capacity?: number
  /** Listeners get new entries at most once per interval, so a burst is one message, not thousands. */
  flushIntervalMs?: number
  /** Told when a listener throws; the other listeners still get the entries. */
  onListenerError?: (error: unknown) => void
}

/**
 * The bounded log of every request attempt. A ring buffer: the oldest entry goes
 * when a new one arrives at capacity. Holds no keys and no bodies by construction.
 */
export class RequestLog {
  private readonly capacity: number
  private readonly flushIntervalMs: number
  private readonly entries: (RequestLogEntry | undefined)[]
  private next = 0
  private size = 0
  private nextId = 1
  private pending: RequestLogEntry[] = []
  private flushTimer: NodeJS.Timeout | undefined
  private readonly listeners = new Set<LogListener>()
  private readonly onListenerError: (error: unknown) => void

  constructor(options: RequestLogOptions = {}) {
    this.capacity = options.capacity ?? requestLogCapacity
    this.flushIntervalMs = options.flushIntervalMs ?? 100
    this.onListenerError = options.onListenerError ?? (() => undefined)
    this.entries = new Array<RequestLogEntry | undefined>(this.capacity)
  }

  add(entry: NewLogEntry): RequestLogEntry {
    const stored: RequestLogEntry = { ...entry, path: maskEmails(entry.path), id: this.nextId++ }
    this.entries[this.next] = stored
    this.next = (this.next + 1) % this.capacity
    this.size = Math.min(this.size + 1, this.capacity)
    if (this.listeners.size > 0) {
      this.pending.push(stored)
      this.flushTimer ??= setTimeout(() => {
        this.flush()
      }, this.flushIntervalMs)
    }
    return stored
  }

  /** Oldest first. */
  snapshot(): RequestLogEntry[] {
    const start = (this.next - this.size + this.capacity) % this.capacity
    const out: RequestLogEntry[] = []
    for (let i = 0; i < this.size; i++) {
      const entry = this.entries[(start + i) % this.capacity]
      if (entry) out.push(entry)
    }
    return out
  }

  subscribe(listener: LogListener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
      if (this.listeners.size === 0) this.dispose()
    }
  }

  clear(): void {
    this.pending = []
    this.entries.fill(undefined)
    this.next = 0
    this.size = 0
  }

  dispose(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = undefined
    this.pending = []
  }

  private flush(): void {
    this.flushTimer = undefined
    const batch = this.pending
    this.pending = []
    if (batch.length === 0) return
    for (const listener of this.listeners) {
      try {
        listener(batch)
      } catch (error) {
        // One broken subscriber must not starve the others or crash the main process.
        this.onListenerError(error)
      }
    }
  }
}
