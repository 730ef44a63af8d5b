import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../shared/app-error'
import { defaultSettings, settingsSchema, type Settings } from '../../shared/contract/settings-schema'
import { writeFileAtomic } from './atomic-file'

export const settingsFileName = 'settings.json'

export interface LoadedSettings {
  settings: Settings
  /** Set when the file could not be used and defaults were restored: tell the user. */
  notice: string | null
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}

/** Non-secret settings as JSON in the app's data folder. Keys never go here. */
export class SettingsStore {
  private current: Settings = structuredClone(defaultSettings)
  private writes: Promise<void> = Promise.resolve()

  constructor(private readonly dataDir: string) {}

  get path(): string {
    return join(this.dataDir, settingsFileName)
  }

  get(): Settings {
    return structuredClone(this.current)
  }

  async load(): Promise<LoadedSettings> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if (errorCode(error) === 'ENOENT') {
        this.current = structuredClone(defaultSettings)
        return { settings: this.get(), notice: null }
      }
      throw new AppError('storage', `Could not read the settings file (${errorCode(error) ?? 'unknown error'}): ${this.path}`, { cause: error })
    }
    const parsed = settingsSchema.safeParse(safeJson(text))
    if (parsed.success) {
      this.current = parsed.data
      return { settings: this.get(), notice: null }
    }
    const asideName = `settings.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
    await rename(this.path, join(this.dataDir, asideName))
    this.current = structuredClone(defaultSettings)
    return {
      settings: this.get(),
      notice: `The settings file could not be read, so it was moved aside as ${asideName} and the defaults were restored. Stored keys are not affected.`,
    }
  }

  /** Applies `change` to the current settings, validates, and saves atomically. */
  async update(change: (settings: Settings) => Settings): Promise<Settings> {
    const next = settingsSchema.parse(change(this.get()))
    this.current = next
    const write = this.writes.then(() => this.save(next))
    this.writes = write.catch(() => undefined)
    await write
    return this.get()
  }

  private async save(settings: Settings): Promise<void> {
    try {
      await mkdir(this.dataDir, { recursive: true, mode: 0o700 })
      await writeFileAtomic(this.path, `${JSON.stringify(settings, null, 2)}\n`)
    } catch (error) {
      const code = errorCode(error)
      const reason =
        code === 'ENOSPC' ? 'the disk is full' : code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'the folder is read-only' : (code ?? 'unknown error')
      throw new AppError('storage', `Could not save settings because ${reason}: ${this.dataDir}. The change is kept until the app closes.`, { cause: error })
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
