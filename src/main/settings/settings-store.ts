import { join } from 'node:path'
import { AppError, isAppError } from '../../shared/app-error'
import { defaultSettings, settingsSchema, type Settings } from '../../shared/contract/settings-schema'
import { readJsonFile, writeJsonFile, type JsonRead } from '../storage/json-file'
import { createSerialQueue } from '../storage/serial-queue'

export const settingsFileName = 'settings.json'
const deferredSaveMs = 250

export interface LoadedSettings {
  settings: Settings
  /** Set when the file could not be used and defaults were restored: tell the user. */
  notice: string | null
}

/** Non-secret settings as JSON in the app's data folder. Keys never go here. */
export class SettingsStore {
  private current: Settings = deepFreeze(structuredClone(defaultSettings))
  private readonly writes = createSerialQueue()
  private deferred: NodeJS.Timeout | undefined
  /** Why the file on disk could not be read at load: it is then never written over. */
  private unreadable: string | null = null

  constructor(private readonly dataDir: string) {}

  get path(): string {
    return join(this.dataDir, settingsFileName)
  }

  /** The current settings, frozen: read on every request, so never copied. */
  get(): Settings {
    return this.current
  }

  async load(): Promise<LoadedSettings> {
    let read: JsonRead<Settings>
    try {
      read = await readJsonFile(this.path, settingsSchema)
    } catch (error) {
      // The app still starts: on the defaults, saying why, and never writing over a file it could not read.
      if (!isAppError(error)) throw error
      this.unreadable = error.message
      this.current = deepFreeze(structuredClone(defaultSettings))
      return {
        settings: this.get(),
        notice: `${error.message} The defaults are in use until it can be read, and changes are not saved over it. Stored keys are not affected.`,
      }
    }
    this.current = deepFreeze(read.kind === 'ok' ? read.value : structuredClone(defaultSettings))
    const notice =
      read.kind === 'corrupt'
        ? `The settings file could not be read, so it was moved aside as ${read.movedTo} and the defaults were restored. Stored keys are not affected.`
        : null
    return { settings: this.get(), notice }
  }

  /** Applies `change`, validates, and saves atomically; writes are serialised. */
  async update(change: (settings: Settings) => Settings): Promise<Settings> {
    this.current = deepFreeze(settingsSchema.parse(change(this.current)))
    await this.save()
    return this.get()
  }

  /**
   * Applies `change` now and saves a moment later, coalescing bursts: for bookkeeping
   * such as recent lookups, which must not slow the lookup down.
   */
  updateSoon(change: (settings: Settings) => Settings, onError: (error: unknown) => void): void {
    this.current = deepFreeze(settingsSchema.parse(change(this.current)))
    this.deferred ??= setTimeout(() => {
      this.deferred = undefined
      this.save().catch(onError)
    }, deferredSaveMs)
  }

  /** Saves a pending deferred change at once (on quit). */
  async flush(): Promise<void> {
    if (!this.deferred) return
    clearTimeout(this.deferred)
    this.deferred = undefined
    await this.save()
  }

  private save(): Promise<void> {
    if (this.unreadable !== null) {
      return Promise.reject(
        new AppError(
          'storage',
          `${this.unreadable} The change applies until Payments Desk closes, but is not saved over a file that could not be read.`,
        ),
      )
    }
    const snapshot = this.get()
    return this.writes.run(() => writeJsonFile(this.path, snapshot))
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}
