import { lstat, readFile } from 'node:fs/promises'
import { AppError } from '../../shared/app-error'
import { fsErrorCode } from '../storage/json-file'
import type { ChainAnchor } from './audit-anchor'
import { chainStart, checkChain, type ChainCheck, type ChainEnd } from './audit-chain'

/** Reading audit.jsonl back and checking it: the state the next append starts from. */

// Years of entries at a few hundred bytes each; a bigger file was not written by this app alone.
const maxFileBytes = 64 * 1024 * 1024

export interface WriteState {
  end: ChainEnd
  /** The file's size after the app's last write: anything else means someone else wrote. */
  size: number
  endsWithNewline: boolean
  /** The file holds a log this key cannot check: it is set aside before the next entry. */
  setAside: ChainCheck['unverifiable']
}

export function why(error: unknown): string {
  const code = fsErrorCode(error)
  if (code === 'ENOSPC') return 'the disk is full'
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'the data folder is read-only'
  if (code === 'EISDIR') return 'a folder has its name'
  if (code === 'ELOOP') return 'audit.jsonl is a link to another file, and Payments Desk neither reads nor writes its log through a link'
  return code ? `of an unexpected error (${code})` : 'of an unknown error'
}

/** The file's own size; -1 for a link, which is never read or written through (it may lead to any file of the user's). */
export async function fileSize(path: string): Promise<number> {
  try {
    const stats = await lstat(path)
    return stats.isSymbolicLink() ? -1 : stats.size
  } catch (error) {
    if (fsErrorCode(error) === 'ENOENT') return 0
    throw new AppError('storage', `The audit log could not be read because ${why(error)}.`, { cause: error })
  }
}

export async function inspectLog(path: string, anchor: ChainAnchor): Promise<{ check: ChainCheck; state: WriteState }> {
  const size = await fileSize(path)
  if (size < 0) {
    const check: ChainCheck = {
      entries: [],
      problems: [
        {
          seq: null,
          line: null,
          message: `The audit log was not checked because ${why({ code: 'ELOOP' })}. Something other than Payments Desk put the link there.`,
        },
      ],
      end: anchor.kind === 'keyed' ? anchor.end : chainStart,
      unverifiable: null,
    }
    return { check, state: { end: check.end, size, endsWithNewline: true, setAside: null } }
  }
  if (size > maxFileBytes) {
    const megabytes = Math.round(size / 1024 / 1024)
    const check: ChainCheck = {
      entries: [],
      problems: [
        {
          seq: null,
          line: null,
          message: `The audit log is ${megabytes} MB, far more than Payments Desk writes: something else wrote to it, and it was not checked.`,
        },
      ],
      end: anchor.kind === 'keyed' ? anchor.end : chainStart,
      unverifiable: null,
    }
    return { check, state: { end: check.end, size, endsWithNewline: false, setAside: null } }
  }
  let bytes = Buffer.alloc(0)
  try {
    if (size > 0) bytes = await readFile(path)
  } catch (error) {
    if (fsErrorCode(error) !== 'ENOENT')
      throw new AppError('storage', `The audit log could not be read because ${why(error)}.`, { cause: error })
  }
  const check = checkChain(bytes.toString('utf8'), anchor)
  const state: WriteState = {
    end: check.end,
    size: bytes.length,
    endsWithNewline: bytes.length === 0 || bytes.at(-1) === 0x0a,
    setAside: check.unverifiable,
  }
  return { check, state }
}
