import { mkdir, open, rename } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { AppError, isAppError } from '../../shared/app-error'
import type { AuditEntry, AuditEvent, AuditVerification } from '../../shared/contract/audit-schema'
import { auditKeyAccount, type SecretStore } from '../secrets/keychain'
import { appendNoFollowFlags } from '../storage/contained-path'
import { fsErrorCode } from '../storage/json-file'
import { createSerialQueue } from '../storage/serial-queue'
import { createAnchor, readAnchor, saveAnchor, type KeyedAnchor } from './audit-anchor'
import { chainStart, sealEntry, serializeEntry } from './audit-chain'
import { fileSize, inspectLog, why, type WriteState } from './audit-inspect'

export const auditFileName = 'audit.jsonl'
// Written by versions before the keyed chain; the keychain holds the log's end now.
const legacyHeadName = 'audit.head'
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

/** The OS account running the app; some systems cannot say (no passwd entry in a container). */
export function currentUser(): string {
  try {
    return userInfo().username || 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * The append-only audit log: audit.jsonl in the data folder, one entry per line, each
 * sealed with an HMAC whose key is in the keychain and linked to the one before. The
 * keychain also holds the number and MAC of the last entry, so entries cut off the end,
 * or the whole file deleted, are noticed too. The file is only ever opened for
 * appending; a damaged log is never repaired, only reported.
 */
export class AuditLog {
  readonly path: string
  private readonly user: string
  private readonly secrets: SecretStore
  private readonly anchorAccount: string
  private state: WriteState | null = null
  private readonly queue = createSerialQueue()

  constructor(
    private readonly dataDir: string,
    options: { secrets: SecretStore; user?: string },
  ) {
    this.path = join(dataDir, auditFileName)
    this.secrets = options.secrets
    this.anchorAccount = auditKeyAccount(dataDir)
    this.user = (options.user ?? currentUser()).slice(0, maxUserChars)
  }

  /** Reads and checks the whole log. A keychain that does not answer is a problem in the result, not an error. */
  read(): Promise<AuditRead> {
    return this.serial(async () => {
      const anchor = await readAnchor(this.secrets, this.anchorAccount)
      const { check, state } = await inspectLog(this.path, anchor)
      this.state = anchor.kind === 'keyed' ? state : null
      return { entries: check.entries, verification: { ok: check.problems.length === 0, problems: check.problems } }
    })
  }

  /**
   * Appends one entry, dated `at`. Throws an AppError when nothing was written: the file
   * cannot be written, or the key cannot be read from the keychain (never an unsealed entry).
   */
  append(event: AuditEvent, at: Date): Promise<AppendOutcome> {
    return this.serial(async () => {
      try {
        await mkdir(this.dataDir, { recursive: true, mode: 0o700 })
      } catch (error) {
        throw new AppError('storage', `The audit log could not be written because ${why(error)}.`, { cause: error })
      }
      const anchor = await readAnchor(this.secrets, this.anchorAccount)
      if (anchor.kind === 'unavailable') {
        throw new AppError(
          anchor.code,
          `The audit log could not be written because its key is in the keychain, which did not answer. ${anchor.reason}`,
        )
      }
      // Anything but the app's own last write, to the file or the keychain, means reading the file again.
      const size = await fileSize(this.path)
      const known = this.state
      const unchanged =
        known?.size === size && anchor.kind === 'keyed' && anchor.end.seq === known.end.seq && anchor.end.hash === known.end.hash
      const state = unchanged ? known : (await inspectLog(this.path, anchor)).state
      this.state = null
      const keyed = anchor.kind === 'keyed' ? anchor : await createAnchor(this.secrets, this.anchorAccount)
      const warnings: string[] = []
      if (state.setAside !== null || anchor.kind !== 'keyed') {
        const note = await this.setAside(state, at)
        Object.assign(state, { end: chainStart, size: 0, endsWithNewline: true, setAside: null })
        if (note) {
          const outcome = await this.write(keyed, state, { environment: event.environment, action: 'audit-problem', detail: note }, at)
          if (outcome.warning) warnings.push(outcome.warning)
        }
      }
      const outcome = await this.write(keyed, state, event, at)
      if (outcome.warning) warnings.push(outcome.warning)
      this.state = state
      return { entry: outcome.entry, warning: warnings.length > 0 ? warnings.join(' ') : null }
    })
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task)
  }

  /**
   * Moves a log the key cannot check out of the way, kept byte for byte, and says so in
   * words for the new log's first entry; null when there was nothing to move.
   */
  private async setAside(state: WriteState, at: Date): Promise<string | null> {
    const stamp = at.toISOString().replace(/[:.]/g, '-')
    const asideName = `audit.unverified-${stamp}.jsonl`
    try {
      if (state.size > 0) await rename(this.path, join(this.dataDir, asideName))
      await rename(join(this.dataDir, legacyHeadName), join(this.dataDir, `audit.unverified-${stamp}.head`)).catch((error: unknown) => {
        if (fsErrorCode(error) !== 'ENOENT') throw error
      })
    } catch (error) {
      throw new AppError('storage', `The audit log could not be written because an earlier log could not be set aside: ${why(error)}.`, {
        cause: error,
      })
    }
    if (state.size === 0) return null
    const reason =
      state.setAside === 'before-keyed'
        ? 'was written before the keyed chain'
        : state.setAside === 'key-damaged'
          ? 'could not be verified: its key in the keychain was damaged'
          : 'could not be verified: its key was not in the keychain'
    return `The previous audit log ${reason}. It was set aside unchanged as ${asideName}; this log starts a new keyed chain.`
  }

  private async write(anchor: KeyedAnchor, state: WriteState, event: AuditEvent, at: Date): Promise<AppendOutcome> {
    const entry = sealEntry(anchor.key, {
      seq: state.end.seq + 1,
      at: at.toISOString(),
      user: this.user,
      environment: event.environment,
      ...(event.account === undefined ? {} : { account: event.account }),
      action: event.action,
      detail: event.detail.slice(0, maxDetailChars),
      prevHash: state.end.hash,
    })
    // After a line cut in half, start on a line of its own: the half line stays, and stays reported.
    const line = `${state.endsWithNewline ? '' : '\n'}${serializeEntry(entry)}\n`
    try {
      const handle = await open(this.path, appendNoFollowFlags, 0o600)
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
    try {
      await saveAnchor(this.secrets, this.anchorAccount, anchor.key, state.end)
    } catch (error) {
      if (!isAppError(error)) throw error
      return {
        entry,
        warning: `Entry ${entry.seq} was written, but its record in the keychain could not be updated (${error.message}): until the next entry is written, removing it from the log would go unnoticed.`,
      }
    }
    return { entry, warning: null }
  }
}
