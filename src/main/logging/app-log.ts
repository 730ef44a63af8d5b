import { mkdir, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pino, stdTimeFunctions } from 'pino'
import roll from 'pino-roll'
import { escapeControls } from '../../shared/format/escape-controls'
import { scrubSecrets } from './scrub'

/** Where main-process errors go: a file an installed app's user can open and attach to a ticket. */
export interface AppLog {
  /** The logs folder; null when nothing is written to disk. */
  readonly dir: string | null
  error(message: string, error?: unknown): void
  warn(message: string, detail?: unknown): void
  info(message: string, detail?: unknown): void
  /** The last `limit` errors and warnings on disk, oldest first, one line each, already scrubbed. */
  recentProblems(limit: number): Promise<string[]>
  /** Writes out what is buffered. */
  flush(): Promise<void>
  close(): Promise<void>
}

export interface AppLogOptions {
  dir: string
  /** A file is closed and a new one begun past this size. */
  maxBytes?: number
  /** Files kept, the one being written included. */
  files?: number
}

export const logFilePattern = /^main\.(\d+)\.log$/

const problemLevels = new Set(['warn', 'error', 'fatal'])

/**
 * A JSON-lines log in `dir` (main.1.log, main.2.log, …), rotated by size. Every line is
 * scrubbed of keys, secrets and e-mail addresses as it is written, whatever it holds.
 */
export async function createAppLog({ dir, maxBytes = 1024 * 1024, files = 5 }: AppLogOptions): Promise<AppLog> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const stream = await roll({
    file: join(dir, 'main'),
    extension: 'log',
    size: `${maxBytes}b`,
    // With removeOtherLogFiles (files of earlier runs too), pino-roll's count includes the current file.
    limit: { count: files, removeOtherLogFiles: true },
    mode: 0o600,
    // Written before the next line of code runs: the error that precedes a crash is on disk.
    sync: true,
  })
  // A log that cannot be written must not take the app down with it.
  stream.on('error', () => undefined)
  const logger = pino(
    {
      // No host name: the file may travel in a ticket.
      base: { pid: process.pid },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: (line) => scrubSecrets(jsonLineEscaped(line)) },
    },
    stream,
  )
  // After the stream's own flush, a turn of the event loop: a roll it started has opened the next file.
  const flush = () =>
    new Promise<void>((resolve) => {
      stream.flush(() => setImmediate(resolve))
    })
  return {
    dir,
    error(message, error) {
      logger.error(detailOf(error), message)
    },
    warn(message, detail) {
      logger.warn(detailOf(detail), message)
    },
    info(message, detail) {
      logger.info(detailOf(detail), message)
    },
    async recentProblems(limit) {
      await flush()
      return readProblems(dir, limit)
    },
    flush,
    async close() {
      await flush()
      await new Promise<void>((resolve) => {
        stream.once('close', resolve)
        stream.end()
      })
    },
  }
}

/** The stand-in when no log file can be opened: scrubbed lines on stderr, nothing to read back. */
export function consoleLog(): AppLog {
  const write = (level: string, message: string, detail: unknown) => {
    const cause = detail instanceof Error ? (detail.stack ?? detail.message) : detail === undefined ? '' : JSON.stringify(detail)
    console.error(scrubSecrets(escapeControls(`${level} ${message} ${cause}`.trim())))
  }
  return {
    dir: null,
    error: (message, error) => {
      write('error', message, error)
    },
    warn: (message, detail) => {
      write('warn', message, detail)
    },
    info: (message, detail) => {
      write('info', message, detail)
    },
    recentProblems: () => Promise.resolve([]),
    flush: () => Promise.resolve(),
    close: () => Promise.resolve(),
  }
}

/**
 * A JSON line with the characters JSON leaves raw (bidi controls, U+2028, C1 controls) written as
 * `\u` escapes, which read back the same: the file shows no reordered or broken line in an editor.
 */
function jsonLineEscaped(line: string): string {
  return line.endsWith('\n') ? `${escapeControls(line.slice(0, -1))}\n` : escapeControls(line)
}

/** Errors under `err`, so pino's serializer keeps the message, stack and cause; anything else under `detail`. */
function detailOf(value: unknown): Record<string, unknown> {
  if (value === undefined) return {}
  return value instanceof Error ? { err: value } : { detail: value }
}

async function readProblems(dir: string, limit: number): Promise<string[]> {
  if (limit <= 0) return []
  const numbered = (await readdir(dir))
    .map((name) => ({ name, number: Number(logFilePattern.exec(name)?.[1]) }))
    .filter((file) => Number.isInteger(file.number))
    .sort((a, b) => b.number - a.number)
  const found: string[] = []
  // Newest file first: the older ones are read only when the newest holds too few.
  for (const file of numbered) {
    const text = await readFile(join(dir, file.name), 'utf8').catch(() => '')
    const lines = text.split('\n').flatMap((line) => problemLine(line) ?? [])
    found.unshift(...lines.slice(-(limit - found.length)))
    if (found.length >= limit) break
  }
  return found
}

function problemLine(line: string): string | null {
  if (line.trim() === '') return null
  let entry: { time?: unknown; level?: unknown; msg?: unknown; err?: { message?: unknown } }
  try {
    entry = JSON.parse(line) as typeof entry
  } catch {
    return null
  }
  if (typeof entry.level !== 'string' || !problemLevels.has(entry.level)) return null
  const cause = typeof entry.err?.message === 'string' ? `: ${entry.err.message}` : ''
  // Escaped: a service's message with a line break must not add a line to a ticket.
  // Scrubbed again: a file from an older version, or edited by hand, may hold anything.
  return scrubSecrets(escapeControls(`${String(entry.time)} ${entry.level} ${String(entry.msg)}${cause}`))
}
