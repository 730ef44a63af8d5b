import { mkdir, readFile, rename } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { z } from 'zod'
import { AppError } from '../../shared/app-error'
import { writeFileAtomic } from './atomic-file'

export type JsonRead<T> =
  | { kind: 'missing' }
  | { kind: 'ok'; value: T }
  /** The file was unreadable or of the wrong shape and was moved aside to `movedTo`. */
  | { kind: 'corrupt'; movedTo: string }

export function fsErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}

/** Why a file could not be read or written, in words that end "because ...". */
export function describeFsError(error: unknown): string {
  const code = fsErrorCode(error)
  if (code === 'ENOSPC') return 'the disk is full'
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'the folder is read-only'
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'part of its folder path is a file, not a folder'
  if (code === 'EISDIR') return 'a folder has its name'
  return code ? `of an unexpected error (${code})` : 'of an unknown error'
}

/** Reads a JSON file checked by `schema`; a corrupt one is set aside, never deleted. */
export async function readJsonFile<T>(path: string, schema: z.ZodType<T>): Promise<JsonRead<T>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if (fsErrorCode(error) === 'ENOENT') return { kind: 'missing' }
    throw new AppError('storage', `Could not read ${path} because ${describeFsError(error)}.`, { cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  const parsed = schema.safeParse(json)
  if (parsed.success) return { kind: 'ok', value: parsed.data }
  const name = basename(path).replace(/\.json$/, '')
  const movedTo = join(dirname(path), `${name}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  try {
    await rename(path, movedTo)
  } catch (error) {
    throw new AppError(
      'storage',
      `${basename(path)} is unreadable and could not be moved aside because ${describeFsError(error)} (${dirname(path)}).`,
      { cause: error },
    )
  }
  return { kind: 'corrupt', movedTo: basename(movedTo) }
}

export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 })
    await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`)
  } catch (error) {
    throw new AppError('storage', `Could not save ${basename(path)} because ${describeFsError(error)} (${dirname(path)}).`, {
      cause: error,
    })
  }
}
