import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, open } from 'node:fs/promises'
import type { z } from 'zod'
import { escapeControls } from '../../shared/format/escape-controls'
import { policyFileSchema } from '../../shared/contract/policy-schema'
import { describeFsError, fsErrorCode } from '../storage/json-file'
import { findDuplicateKey } from './duplicate-keys'
import { noPolicy, policyFromFile, restrictedPolicy, type Policy } from './policy'

/** A real policy is a few hundred bytes; anything near this is not one. */
export const maxPolicyBytes = 64 * 1024

// Never through a link (ELOOP), and a FIFO opens without waiting for a writer. Windows has neither flag.
const flags =
  constants.O_RDONLY | ((constants as { O_NOFOLLOW?: number }).O_NOFOLLOW ?? 0) | ((constants as { O_NONBLOCK?: number }).O_NONBLOCK ?? 0)

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const where = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the file'
      const text =
        issue.code === 'unrecognized_keys'
          ? `unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((key) => `"${key.slice(0, 40)}"`).join(', ')}`
          : issue.message
      return `${where}: ${text}`
    })
    .join('; ')
}

/** The policy in the file, or the most restricted one saying why; no file at all is no policy. */
export async function readPolicy(path: string | undefined): Promise<Policy> {
  if (path === undefined) return noPolicy
  const read = await readBounded(path)
  if (read.kind === 'missing') return noPolicy
  if (read.kind === 'refused') return restrictedPolicy(path, read.problem)
  const fingerprint = createHash('sha256').update(read.bytes).digest('hex').slice(0, 16)
  let json: unknown
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes)
    json = JSON.parse(text)
  } catch {
    return restrictedPolicy(path, 'it is not valid JSON', fingerprint)
  }
  // A second "role" would otherwise win over the first, unseen by whoever reads the file.
  const duplicate = findDuplicateKey(text)
  if (duplicate)
    return restrictedPolicy(
      path,
      `duplicate key "${escapeControls(duplicate.key.slice(0, 40))}"${duplicate.path ? ` in "${escapeControls(duplicate.path.slice(0, 80))}"` : ''}`,
      fingerprint,
    )
  const parsed = policyFileSchema.safeParse(json)
  if (!parsed.success) return restrictedPolicy(path, describeIssues(parsed.error), fingerprint)
  return policyFromFile(parsed.data, path, fingerprint)
}

type BoundedRead = { kind: 'missing' } | { kind: 'refused'; problem: string } | { kind: 'ok'; bytes: Buffer }

async function readBounded(path: string): Promise<BoundedRead> {
  try {
    const entry = await lstat(path)
    if (entry.isSymbolicLink()) return { kind: 'refused', problem: 'it is a link, not the file itself' }
    if (!entry.isFile()) return { kind: 'refused', problem: 'it is not a regular file' }
    if (entry.size > maxPolicyBytes) return { kind: 'refused', problem: `it is larger than ${maxPolicyBytes / 1024} kB` }
    const handle = await open(path, flags)
    try {
      // Checked again on what was opened: the path may have changed since the lstat.
      if (!(await handle.stat()).isFile()) return { kind: 'refused', problem: 'it is not a regular file' }
      const buffer = Buffer.alloc(maxPolicyBytes + 1)
      let length = 0
      while (length < buffer.length) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
        if (bytesRead === 0) break
        length += bytesRead
      }
      if (length > maxPolicyBytes) return { kind: 'refused', problem: `it is larger than ${maxPolicyBytes / 1024} kB` }
      return { kind: 'ok', bytes: buffer.subarray(0, length) }
    } finally {
      await handle.close()
    }
  } catch (error) {
    if (fsErrorCode(error) === 'ENOENT') return { kind: 'missing' }
    if (fsErrorCode(error) === 'ELOOP') return { kind: 'refused', problem: 'it is a link, not the file itself' }
    const code = fsErrorCode(error)
    const reason = code === 'EACCES' || code === 'EPERM' ? 'Payments Desk may not read it' : describeFsError(error)
    return { kind: 'refused', problem: `it could not be read because ${reason}` }
  }
}
