import { mkdir, open, readFile, stat } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { AppError } from '../../shared/app-error'
import type { AuditEntry, AuditEvent, AuditVerification } from '../../shared/contract/audit-schema'
import { writeFileAtomic } from '../storage/atomic-file'
import { fsErrorCode } from '../storage/json-file'
import { chainStart, checkChain, sealEntry, serializeEntry, type ChainCheck, type ChainEnd, type HeadRead } from './audit-chain'

export const auditFileName = 'audit.jsonl'
export const auditHeadName = 'audit.head'
// Years of entries at a few hundred bytes each; a bigger file was not written by this app alone.
const maxFileBytes = 64 * 1024 * 1024
const maxDetailChars = 1_000
const maxUserChars = 256

export interface AuditRead {
  /** Every line that has the shape of an entry, in file order. */
  entries: AuditEntry[]
  verification: AuditVerification
}

export interface AppendOutcome {
  entry: AuditEntry
  /** The entry is written, but something the user should know went wrong around it. */
  warning: string | null
}

interface WriteState {
  end: ChainEnd
  /** The file's size after the app's last write: anything else means someone else wrote. */
  size: number
  endsWithNewline: boolean
  headProblem: string | null
}

/** The OS account running the app; some systems cannot say (no passwd entry in a container). */
export function currentUser(): string {
  try {
    return userInfo().username || 'unknown'
  } catch {
    return 'unknown'
  }
}

function why(error: unknown): string {
  const code = fsErrorCode(error)
  if (code === 'ENOSPC') return 'the disk is full'
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'the data folder is read-only'
  if (code === 'EISDIR') return 'a folder has its name'
  return code ? `of an unexpected error (${code})` : 'of an unknown error'
}

function parseHead(text: string): HeadRead {
  try {
    const json: unknown = JSON.parse(text)
    if (typeof json === 'object' && json !== null && 'seq' in json && 'hash' in json) {
      const { seq, hash } = json
      if (Number.isSafeInteger(seq) && (seq as number) >= 0 && typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash)) {
        return { kind: 'ok', head: { seq: seq as number, hash } }
      }
    }
  } catch {
    // Falls through: not JSON.
  }
  return { kind: 'unreadable' }
}

/**
 * The append-only audit log: audit.jsonl in the data folder, one hash-chained entry
 * per line, and audit.head, rewritten atomically after each append with the last
 * entry's number and hash so that lines cut off the end are noticed too. The file is
 * only ever opened for appending; a damaged log is never repaired, only reported.
 */
export class AuditLog {
  readonly path: string
  readonly headPath: string
  private readonly user: string
  private state: WriteState | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly dataDir: string,
    options: { user?: string } = {},
  ) {
    this.path = join(dataDir, auditFileName)
    this.headPath = join(dataDir, auditHeadName)
    this.user = (options.user ?? currentUser()).slice(0, maxUserChars)
  }

  /** Reads and checks the whole log. */
  read(): Promise<AuditRead> {
    return this.serial(async () => {
      const { check, state } = await this.inspect()
      this.state = state
      return { entries: check.entries, verification: { ok: check.problems.length === 0, problems: check.problems } }
    })
  }

  /** Appends one entry, dated `at`. Throws an AppError('storage') when nothing was written. */
  append(event: AuditEvent, at: Date): Promise<AppendOutcome> {
    return this.serial(async () => {
      try {
        await mkdir(this.dataDir, { recursive: true, mode: 0o700 })
      } catch (error) {
        throw new AppError('storage', `The audit log could not be written because ${why(error)}.`, { cause: error })
      }
      // Anything but the app's own last write, to either file, means reading them again.
      const [size, head] = await Promise.all([this.size(), this.readHead()])
      const known = this.state
      const unchanged = known?.size === size && head.kind === 'ok' && head.head.seq === known.end.seq && head.head.hash === known.end.hash
      const state = unchanged ? known : (await this.inspect()).state
      this.state = state
      const warnings: string[] = []
      if (state.headProblem) {
        // Rewriting audit.head would make this problem disappear: put it on record first.
        const outcome = await this.write(state, { environment: event.environment, action: 'audit-problem', detail: state.headProblem }, at)
        if (outcome.warning) warnings.push(outcome.warning)
      }
      const outcome = await this.write(state, event, at)
      if (outcome.warning) warnings.push(outcome.warning)
      return { entry: outcome.entry, warning: warnings.length > 0 ? warnings.join(' ') : null }
    })
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task)
    this.queue = run.catch(() => undefined)
    return run
  }

  private async size(): Promise<number> {
    try {
      return (await stat(this.path)).size
    } catch (error) {
      if (fsErrorCode(error) === 'ENOENT') return 0
      throw new AppError('storage', `The audit log could not be read because ${why(error)}.`, { cause: error })
    }
  }

  private async inspect(): Promise<{ check: ChainCheck; state: WriteState }> {
    const head = await this.readHead()
    const size = await this.size()
    if (size > maxFileBytes) {
      const megabytes = Math.round(size / 1024 / 1024)
      const check: ChainCheck = {
        entries: [],
        problems: [{ seq: null, line: null, message: `The audit log is ${megabytes} MB, far more than Payments Desk writes: something else wrote to it, and it was not checked.` }],
        end: head.kind === 'ok' ? head.head : chainStart,
        headProblem: null,
      }
      return { check, state: { end: check.end, size, endsWithNewline: false, headProblem: null } }
    }
    let bytes = Buffer.alloc(0)
    try {
      if (size > 0) bytes = await readFile(this.path)
    } catch (error) {
      if (fsErrorCode(error) !== 'ENOENT') throw new AppError('storage', `The audit log could not be read because ${why(error)}.`, { cause: error })
    }
    const check = checkChain(bytes.toString('utf8'), head)
    const state: WriteState = {
      end: check.end,
      size: bytes.length,
      endsWithNewline: bytes.length === 0 || bytes.at(-1) === 0x0a,
      headProblem: check.headProblem,
    }
    return { check, state }
  }

  private async readHead(): Promise<HeadRead> {
    try {
      return parseHead(await readFile(this.headPath, 'utf8'))
    } catch (error) {
      if (fsErrorCode(error) === 'ENOENT') return { kind: 'missing' }
      if (fsErrorCode(error) === 'EISDIR') return { kind: 'unreadable' }
      throw new AppError('storage', `The audit log could not be read because ${why(error)}.`, { cause: error })
    }
  }

  private async write(state: WriteState, event: AuditEvent, at: Date): Promise<AppendOutcome> {
    const entry = sealEntry({
      seq: state.end.seq + 1,
      at: at.toISOString(),
      user: this.user,
      environment: event.environment,
      action: event.action,
      detail: event.detail.slice(0, maxDetailChars),
      prevHash: state.end.hash,
    })
    // After a line cut in half, start on a line of its own: the half line stays, and stays reported.
    const line = `${state.endsWithNewline ? '' : '\n'}${serializeEntry(entry)}\n`
    try {
      const handle = await open(this.path, 'a', 0o600)
      try {
        await handle.write(line)
        await handle.sync()
      } finally {
        await handle.close()
      }
    } catch (error) {
      // Part of the line may have reached the disk: read the file again before the next append.
      this.state = null
      throw new AppError('storage', `The audit log could not be written because ${why(error)}.`, { cause: error })
    }
    state.end = { seq: entry.seq, hash: entry.hash }
    state.size += Buffer.byteLength(line, 'utf8')
    state.endsWithNewline = true
    state.headProblem = null
    try {
      await writeFileAtomic(this.headPath, `${JSON.stringify({ seq: entry.seq, hash: entry.hash })}\n`)
    } catch (error) {
      return {
        entry,
        warning: `Entry ${entry.seq} was written, but the app's record of the log's end (audit.head) could not be updated because ${why(error)}.`,
      }
    }
    return { entry, warning: null }
  }
}
