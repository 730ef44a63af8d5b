import { createHash } from 'node:crypto'
import { auditEntrySchema, type AuditEntry, type AuditProblem } from '../../shared/contract/audit-schema'

/** The `prevHash` of entry 1. */
export const genesisHash = '0'.repeat(64)

/** The last entry of the chain: what the next entry links to. */
export interface ChainEnd {
  seq: number
  hash: string
}

export const chainStart: ChainEnd = { seq: 0, hash: genesisHash }

/** What audit.head held when the log was read. */
export type HeadRead = { kind: 'missing' } | { kind: 'unreadable' } | { kind: 'ok'; head: ChainEnd }

// No entry this app writes comes near this; a longer line is someone else's.
const maxLineChars = 16_384
const maxProblems = 200

type UnsealedEntry = Omit<AuditEntry, 'hash'>

/** The entry's fields in a fixed order, so the same entry always hashes the same. */
function canonicalJson(entry: UnsealedEntry): string {
  const { seq, at, user, environment, action, detail, prevHash } = entry
  return JSON.stringify({ seq, at, user, environment, action, detail, prevHash })
}

export function entryHash(entry: UnsealedEntry): string {
  return createHash('sha256').update(canonicalJson(entry), 'utf8').digest('hex')
}

export function sealEntry(entry: UnsealedEntry): AuditEntry {
  return { ...entry, hash: entryHash(entry) }
}

/** One line of audit.jsonl, without its line break. */
export function serializeEntry(entry: AuditEntry): string {
  const { seq, at, user, environment, action, detail, prevHash, hash } = entry
  return JSON.stringify({ seq, at, user, environment, action, detail, prevHash, hash })
}

export interface ChainCheck {
  /** Every line that has the shape of an entry, in file order, changed or not. */
  entries: AuditEntry[]
  problems: AuditProblem[]
  /** Where the next entry must link: the head when it is ahead of the file, so removed entries stay missing. */
  end: ChainEnd
  /**
   * A problem with audit.head that the next append would hide by rewriting it; the log
   * writes it down as an entry first, so it stays on record.
   */
  headProblem: string | null
}

function missingRange(from: number, to: number): string {
  return from === to ? `Entry ${from} is missing: it was removed from the log.` : `Entries ${from} to ${to} are missing: they were removed from the log.`
}

function seqOf(json: unknown): number | null {
  if (typeof json !== 'object' || json === null || !('seq' in json)) return null
  return Number.isSafeInteger(json.seq) ? (json.seq as number) : null
}

/**
 * Checks the text of audit.jsonl against itself (each hash, each link, no gaps) and
 * against audit.head (nothing cut off the end). Never throws: whatever the file
 * holds becomes problems a person can read.
 */
export function checkChain(text: string, head: HeadRead): ChainCheck {
  const problems: AuditProblem[] = []
  let dropped = 0
  const report = (problem: AuditProblem) => {
    if (problems.length < maxProblems) problems.push(problem)
    else dropped++
  }

  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  const entries: AuditEntry[] = []
  const seen = new Set<number>()
  // Entries present in some form, even if changed past reading: not "missing".
  const present = new Set<number>()
  let previous: AuditEntry | null = null
  let highest: AuditEntry | null = null

  for (const [index, raw] of lines.entries()) {
    const line = index + 1
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (content.trim() === '') {
      report({ seq: null, line, message: `Line ${line} is empty: the log was edited.` })
      continue
    }
    let json: unknown
    try {
      json = content.length > maxLineChars ? undefined : JSON.parse(content)
    } catch {
      json = undefined
    }
    if (json === undefined) {
      const message = content.startsWith('{"seq":')
        ? `Line ${line} holds a cut-off entry: the file was truncated there, or the app stopped while writing it.`
        : `Line ${line} is not an audit entry: it was damaged, or written by something other than Payments Desk.`
      report({ seq: null, line, message })
      continue
    }
    const parsed = auditEntrySchema.safeParse(json)
    if (!parsed.success) {
      const seq = seqOf(json)
      if (seq !== null) present.add(seq)
      report(
        seq === null
          ? { seq: null, line, message: `Line ${line} is not an audit entry: it was damaged, or written by something other than Payments Desk.` }
          : { seq, line, message: `Entry ${seq} was changed after it was written: it no longer has the shape of an audit entry.` },
      )
      continue
    }
    const entry = parsed.data
    const { seq } = entry
    entries.push(entry)
    if (entryHash(entry) !== entry.hash) report({ seq, line, message: `Entry ${seq} was changed after it was written.` })
    if (seen.has(seq)) {
      report({ seq, line, message: `Entry ${seq} appears more than once (again on line ${line}): it was copied.` })
      continue
    }
    seen.add(seq)
    present.add(seq)
    if (highest && seq < highest.seq) {
      report({ seq, line, message: `Entry ${seq} comes after entry ${highest.seq}: the entries were reordered.` })
    } else if (previous === null ? seq === 1 : seq === previous.seq + 1) {
      const expected = previous?.hash ?? genesisHash
      if (entry.prevHash !== expected) {
        report({
          seq,
          line,
          message: previous
            ? `Entry ${seq} does not link to entry ${previous.seq}: entry ${previous.seq} was replaced or rewritten.`
            : 'Entry 1 does not start a new log: the beginning of the log was replaced.',
        })
      }
    }
    previous = entry
    if (!highest || seq > highest.seq) highest = entry
  }

  const last: ChainEnd = highest ? { seq: highest.seq, hash: highest.hash } : chainStart
  // From the sorted numbers, not a count up to the highest: a forged seq may be huge.
  let expected = 1
  for (const seq of [...present].filter((seq) => seq >= 1 && seq <= last.seq).sort((a, b) => a - b)) {
    if (seq > expected) report({ seq: expected, line: null, message: missingRange(expected, seq - 1) })
    expected = seq + 1
  }

  let end = last
  let headProblem: string | null = null
  if (head.kind === 'ok') {
    const recorded = head.head
    if (recorded.seq > last.seq) {
      report({
        seq: recorded.seq,
        line: null,
        message:
          last.seq === 0
            ? `The log has no entries, but ${recorded.seq} were recorded: its entries were removed.`
            : `The log ends at entry ${last.seq}, but entry ${recorded.seq} was recorded: entries were removed from the end.`,
      })
      end = recorded
    } else if (recorded.seq === last.seq && recorded.hash !== last.hash) {
      report({ seq: last.seq, line: null, message: `Entry ${last.seq} is not the one that was recorded last: the end of the log was replaced.` })
      // Link the next entry to the recorded one, so the replacement stays visible.
      end = recorded
    } else if (recorded.seq < last.seq - 1) {
      // One behind is the app stopping between writing an entry and recording it.
      headProblem = `The log goes on to entry ${last.seq}, but the app's record of its end (audit.head) stops at entry ${recorded.seq}: entries were added by something other than Payments Desk, or the record could not be updated.`
    }
  } else if (head.kind === 'unreadable') {
    headProblem = "The app's record of the log's end (audit.head) is damaged: entries removed from the end could go unnoticed."
  } else if (last.seq >= 2) {
    headProblem = "The app's record of the log's end (audit.head) is missing: entries removed from the end could go unnoticed."
  }
  if (headProblem) report({ seq: null, line: null, message: headProblem })
  if (dropped > 0) problems.push({ seq: null, line: null, message: `…and ${dropped} more problems.` })
  return { entries, problems, end, headProblem }
}
