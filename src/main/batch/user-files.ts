import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { AppError } from '../../shared/app-error'
import { parseIdList, type ParsedIdList } from '../../shared/batch/parse-ids'
import { fsErrorCode } from '../storage/json-file'

export const maxIdFileBytes = 20 * 1024 * 1024

// Why a file the user chose could not be read or written, in their words.
export function fileProblem(error: unknown, missing: string): string {
  const code = fsErrorCode(error)
  if (code === 'ENOSPC') return ' because the disk is full'
  if (code === 'ENOENT') return ` because ${missing}`
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return ' because Payments Desk is not allowed to use that file or folder'
  if (code === 'EISDIR') return ' because a folder has that name'
  return code ? ` (${code})` : ''
}

/** The list of IDs in a file the user chose, parsed; a file past 20 MB is refused unread. */
export async function readIdFile(path: string): Promise<{ fileName: string; parsed: ParsedIdList }> {
  let text: string
  try {
    const size = (await stat(path)).size
    if (size > maxIdFileBytes)
      throw new AppError(
        'id-file-too-large',
        `That file is ${Math.round(size / 1024 / 1024)} MB; a list of IDs over 20 MB is more than one batch should hold.`,
      )
    text = await readFile(path, 'utf8')
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('storage', `Could not read ${basename(path)}${fileProblem(error, 'it no longer exists')}.`, { cause: error })
  }
  return { fileName: basename(path), parsed: parseIdList(text) }
}
