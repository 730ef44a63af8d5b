import { createHash, createHmac } from 'node:crypto'
import { auditEntrySchema, type AuditEntry, type AuditProblem } from '../../shared/contract/audit-schema'
import type { ChainAnchor } from './audit-anchor'

/** The `prevHash` of entry 1. */
export const genesisHash = '0'.repeat(64)

/** The last entry of the chain: what the next entry links to. */
export interface ChainEnd {
  seq: number
  hash: string
}

export const chainStart: ChainEnd = { seq: 0, hash: genesisHash }

// No entry this app writes comes near this; a longer line is someone else's.
const maxLineChars = 16_384
const maxProblems = 200

type UnsealedEntry = Omit<AuditEntry, 'hash'>

/** The entry's fields in a fixed order, so the same entry always hashes the same. */
function canonicalJson(entry: UnsealedEntry): string {
  const { seq, at, user, environment, account, action, detail, prevHash } = entry
  // An entry without an account (older ones, or about a whole environment) hashes as it always did.
  return JSON.stringify({ seq, at, user, environment, ...(account === undefined ? {} : { account }), action, detail, prevHash })
}

/** HMAC-SHA256 under the key in the keychain: only the app (or whoever reads the keychain) can seal an entry. */
export function entryMac(key: Buffer, entry: UnsealedEntry): string {
  return createHmac('sha256', key).update(canonicalJson(entry), 'utf8').digest('hex')
}

/** The plain SHA-256 of logs written before the chain was keyed: used only to recognise them. */
export function plainEntryHash(entry: UnsealedEntry): string {
  return createHash('sha256').update(canonicalJson(entry), 'utf8').digest('hex')
}

export function sealEntry(key: Buffer, entry: UnsealedEntry): AuditEntry {
  return { ...entry, hash: entryMac(key, entry) }
}

/** One line of audit.jsonl, without its line break. */
export function serializeEntry(entry: AuditEntry): string {
  const { seq, at, user, environment, account, action, detail, prevHash, hash } = entry
  return JSON.stringify({ seq, at, user, environment, ...(account === undefined ? {} : { account }), action, detail, prevHash, hash })
}

/**
 * Why a log that holds something cannot be checked at all: written with the plain chain
 * of earlier versions, or with a key the keychain no longer has. The next append sets
 * such a log aside and starts a keyed one.
 */
export type Unverifiable = 'before-keyed' | 'key-missing' | 'key-damaged'

export interface ChainCheck {
  /** Every line that has the shape of an entry, in file order, changed or not. */
  entries: AuditEntry[]
  problems: AuditProblem[]
  /** Where the next entry must link: the keychain's end when it is ahead of the file, so removed entries stay missing. */
  end: ChainEnd
  unverifiable: Unverifiable | null
}

type Line = { line: number; problem: string | null; entry: AuditEntry | null; seq: number | null }

const foreignLine = (line: number) =>
  `Line ${line} is not an audit entry: it was damaged, or written by something other than Payments Desk.`

function missingRange(from: number, to: number): string {
  return from === to
    ? `Entry ${from} is missing: it was removed from the log.`
    : `Entries ${from} to ${to} are missing: they were removed from the log.`
}

function seqOf(json: unknown): number | null {
  if (typeof json !== 'object' || json === null || !('seq' in json)) return null
  return Number.isSafeInteger(json.seq) ? (json.seq as number) : null
}

function readLine(raw: string, line: number): Line {
  const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw
  if (content.trim() === '') return { line, problem: `Line ${line} is empty: the log was edited.`, entry: null, seq: null }
  let json: unknown
  try {
    json = content.length > maxLineChars ? undefined : JSON.parse(content)
  } catch {
    json = undefined
  }
  if (json === undefined) {
    const cut = content.startsWith('{"seq":')
    const problem = cut
      ? `Line ${line} holds a cut-off entry: the file was truncated there, or the app stopped while writing it.`
      : foreignLine(line)
    return { line, problem, entry: null, seq: null }
  }
  const parsed = auditEntrySchema.safeParse(json)
  if (parsed.success) return { line, problem: null, entry: parsed.data, seq: parsed.data.seq }
  const seq = seqOf(json)
  const problem =
    seq === null ? foreignLine(line) : `Entry ${seq} was changed after it was written: it no longer has the shape of an audit entry.`
  return { line, problem, entry: null, seq }
}

function unverifiableMessage(kind: Unverifiable, count: number): string {
  const them = count === 1 ? 'its entry' : `its ${count} entries`
  const later = 'Payments Desk sets this log aside, kept as it is, when it writes the next entry.'
  if (kind === 'before-keyed') {
    return `This log was written before the keyed chain: anyone who could write the data folder could have rewritten ${them}, so they cannot be shown to be unchanged. ${later}`
  }
  if (kind === 'key-damaged') return `The audit log's key in the keychain is damaged: ${them} cannot be verified. ${later}`
  return `The audit log's key is not in the keychain (it was deleted, or this is another keychain): ${them} cannot be verified. ${later}`
}

/**
 * Checks the text of audit.jsonl against itself (each MAC, each link, no gaps) and
 * against the anchor in the keychain (nothing cut off the end, nothing deleted). Never
 * throws: whatever the file holds becomes problems a person can read.
 */
export function checkChain(text: string, anchor: ChainAnchor): ChainCheck {
  const problems: AuditProblem[] = []
  let dropped = 0
  const report = (problem: AuditProblem) => {
    if (problems.length < maxProblems) problems.push(problem)
    else dropped++
  }

  const raw = text.split('\n')
  if (raw.at(-1) === '') raw.pop()
  const lines = raw.map((content, index) => readLine(content, index + 1))
  const entries = lines.flatMap((line) => (line.entry ? [line.entry] : []))
  const key = anchor.kind === 'keyed' ? anchor.key : null
  const sealed = key ? entries.filter((entry) => entryMac(key, entry) === entry.hash).length : 0

  // A key that has sealed nothing yet, beside a log that holds something: that log is older than the key.
  let unverifiable: Unverifiable | null = null
  if (
    lines.length > 0 &&
    (anchor.kind === 'none' || anchor.kind === 'damaged' || (anchor.kind === 'keyed' && anchor.end.seq === 0 && sealed === 0))
  ) {
    const plain = entries.length === lines.length && entries.every((entry) => plainEntryHash(entry) === entry.hash)
    unverifiable = plain ? 'before-keyed' : anchor.kind === 'damaged' ? 'key-damaged' : 'key-missing'
  }
  const checkSeals = key !== null && unverifiable === null

  const seen = new Set<number>()
  // Entries present in some form, even if changed past reading: not "missing".
  const present = new Set<number>()
  let previous: AuditEntry | null = null
  let highest: AuditEntry | null = null
  for (const { line, problem, entry, seq: lineSeq } of lines) {
    if (problem) report({ seq: lineSeq, line, message: problem })
    if (!entry) {
      if (lineSeq !== null) present.add(lineSeq)
      continue
    }
    const { seq } = entry
    if (checkSeals && entryMac(key, entry) !== entry.hash) {
      report({
        seq,
        line,
        message: `Entry ${seq} fails its keyed check: it was changed after it was written, or was not written by Payments Desk.`,
      })
    }
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
  if (unverifiable) {
    report({ seq: null, line: null, message: unverifiableMessage(unverifiable, Math.max(entries.length, 1)) })
    end = chainStart
  } else if (anchor.kind === 'keyed') {
    const recorded = anchor.end
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
      report({
        seq: last.seq,
        line: null,
        message: `Entry ${last.seq} is not the one that was recorded last: the end of the log was replaced.`,
      })
      // Link the next entry to the recorded one, so the replacement stays visible.
      end = recorded
    }
    // A file ahead of the keychain is the keychain refusing an update after a write; those entries carry valid MACs or were reported above.
  } else if (anchor.kind === 'unavailable') {
    report({
      seq: null,
      line: null,
      message: `The audit log could not be checked: its key is in the keychain, which did not answer. ${anchor.reason}`,
    })
  }
  if (dropped > 0) problems.push({ seq: null, line: null, message: `…and ${dropped} more problems.` })
  return { entries, problems, end, unverifiable }
}
