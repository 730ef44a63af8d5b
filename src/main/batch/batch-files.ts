import { randomUUID } from 'node:crypto'
import { lstat, mkdir, open, readdir, readFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../shared/app-error'
import { batchJobSchema, batchResultSchema, type BatchJob, type BatchResult } from '../../shared/contract/batch-schema'
import { appendNoFollowFlags, childPath } from '../storage/contained-path'
import { describeFsError, fsErrorCode, readJsonFile, writeJsonFile } from '../storage/json-file'
import { createSerialQueue } from '../storage/serial-queue'

const idsSchema = z.array(z.string())

// The shape newBatchJobId gives: the only batch IDs, and folder names, the app accepts from disk.
const jobIdPattern = /^batch_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z_[0-9a-f]{8}$/

export function newBatchJobId(now: Date): string {
  return `batch_${now.toISOString().replace(/[:.]/g, '-')}_${randomUUID().slice(0, 8)}`
}

export function isBatchJobId(value: string): boolean {
  return jobIdPattern.test(value)
}

const batchFileNames = ['job.json', 'ids.json', 'results.jsonl'] as const

export interface StoredBatch {
  job: BatchJob
  ids: string[]
  results: Map<string, BatchResult>
}

export interface ResultsAppender {
  append(result: BatchResult): Promise<void>
  close(): Promise<void>
}

/**
 * A batch on disk: `job.json` (the state, rewritten atomically), `ids.json` (the input,
 * written once) and `results.jsonl` (one line per result, appended as it arrives, so a
 * crash loses at most the lookups in flight). Everything read from the folder is
 * untrusted: a batch's ID must have the app's shape and name its own folder, and no
 * path leaves the batches folder, through `..` or through a link.
 */
export class BatchFiles {
  constructor(private readonly root: string) {}

  private dir(jobId: string): string {
    const dir = isBatchJobId(jobId) ? childPath(this.root, jobId) : null
    // Only IDs checked on the way in get here: anything else is a bug, not a user's mistake.
    if (dir === null) throw new AppError('internal', 'A batch ID of the wrong shape reached the batch files.')
    return dir
  }

  /** A batches folder that is a link could lead anywhere: nothing is read or written through it. */
  private async rootIsLink(): Promise<boolean> {
    try {
      return (await lstat(this.root)).isSymbolicLink()
    } catch {
      return false
    }
  }

  async create(job: BatchJob, ids: string[]): Promise<void> {
    if (await this.rootIsLink()) throw new AppError('storage', `Could not start the batch: ${linkedRoot(this.root)}`)
    try {
      await mkdir(this.root, { recursive: true, mode: 0o700 })
      // Not recursive: on a read-only disk a recursive mkdir reports ENOENT instead of EROFS.
      await mkdir(this.dir(job.id), { mode: 0o700 })
    } catch (error) {
      throw new AppError(
        'storage',
        `Could not start the batch: its folder could not be created because ${describeFsError(error)} (${this.root}).`,
        { cause: error },
      )
    }
    await writeJsonFile(join(this.dir(job.id), 'ids.json'), ids)
    await this.saveJob(job)
  }

  saveJob(job: BatchJob): Promise<void> {
    return writeJsonFile(join(this.dir(job.id), 'job.json'), job)
  }

  /** Every readable batch; unreadable ones are named in `problems` and left on disk. */
  async loadAll(): Promise<{ batches: StoredBatch[]; problems: string[] }> {
    if (await this.rootIsLink()) return { batches: [], problems: [`Earlier batches are not listed: ${linkedRoot(this.root)}`] }
    let names: string[]
    try {
      // Only folders are batches: a stray file here must not keep the app from starting. A link
      // to a folder is not a folder here (it could lead out of the data folder): it is reported.
      names = (await readdir(this.root, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
        .map((entry) => entry.name)
    } catch (error) {
      if (fsErrorCode(error) === 'ENOENT') return { batches: [], problems: [] }
      return {
        batches: [],
        problems: [
          `The batches folder could not be read because ${describeFsError(error)}, so earlier batches are not listed (${this.root}).`,
        ],
      }
    }
    const batches: StoredBatch[] = []
    const problems: string[] = []
    for (const name of names.sort()) {
      const refusal = await this.refusal(name)
      if (refusal) {
        // A name the app did not give may hold anything: quoted, and cut short.
        problems.push(`The batch in ${isBatchJobId(name) ? name : JSON.stringify(name.slice(0, 100))} was left aside: ${refusal}`)
        continue
      }
      try {
        const job = await readJsonFile(join(this.dir(name), 'job.json'), batchJobSchema)
        const ids = await readJsonFile(join(this.dir(name), 'ids.json'), idsSchema)
        if (job.kind === 'ok' && job.value.id !== name) {
          problems.push(`The batch in ${name} was left aside: its job.json names another batch, and saving it would write somewhere else.`)
          continue
        }
        if (job.kind === 'ok' && ids.kind === 'ok') {
          batches.push({ job: job.value, ids: ids.value, results: await this.readResults(name, new Set(ids.value)) })
          continue
        }
      } catch {
        // Unreadable (permissions, a folder where a file should be): reported like a corrupt one.
      }
      problems.push(`The batch in ${name} could not be read and was left aside.`)
    }
    return { batches, problems }
  }

  /** Why a folder in batches is not a batch the app may read and write; null when it is one. */
  private async refusal(name: string): Promise<string | null> {
    if (!isBatchJobId(name)) return 'its name is not a batch ID this app gives.'
    const dir = this.dir(name)
    const stats = await lstat(dir).catch(() => null)
    if (!stats) return 'it could not be read.'
    if (stats.isSymbolicLink()) return 'it is a link to another folder, and Payments Desk keeps batches only inside its data folder.'
    for (const file of batchFileNames) {
      const stats = await lstat(join(dir, file)).catch(() => null)
      if (stats?.isSymbolicLink())
        return `its ${file} is a link to another file, and Payments Desk writes batches only inside its data folder.`
    }
    return null
  }

  private async readResults(jobId: string, ids: Set<string>): Promise<Map<string, BatchResult>> {
    const results = new Map<string, BatchResult>()
    let text: string
    try {
      text = await readFile(join(this.dir(jobId), 'results.jsonl'), 'utf8')
    } catch (error) {
      if (fsErrorCode(error) === 'ENOENT') return results
      throw error
    }
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      let json: unknown
      try {
        json = JSON.parse(line)
      } catch {
        // A line cut short by a crash: that ID is simply looked up again.
        continue
      }
      const parsed = batchResultSchema.safeParse(json)
      if (parsed.success && ids.has(parsed.data.id) && !results.has(parsed.data.id)) results.set(parsed.data.id, parsed.data)
    }
    return results
  }

  /** Opened at the first result: a batch that only shows its results needs no write access. */
  openResults(jobId: string): ResultsAppender {
    const path = join(this.dir(jobId), 'results.jsonl')
    const root = this.root
    let handle: FileHandle | null = null
    let needsNewline = false
    const writes = createSerialQueue()
    async function write(line: string): Promise<void> {
      if (handle === null) {
        const opened = await open(path, appendNoFollowFlags, 0o600)
        // A crash may have left a last line without its newline: start on a fresh line.
        const { size } = await opened.stat()
        needsNewline = size > 0 && !(await readFile(path, 'utf8')).endsWith('\n')
        handle = opened
      }
      const text = `${needsNewline ? '\n' : ''}${line}`
      needsNewline = false
      try {
        await handle.appendFile(text, 'utf8')
      } catch (error) {
        // Part of the line may have landed (a disk that filled up mid-write): the next one starts afresh.
        needsNewline = true
        throw error
      }
    }
    return {
      append(result) {
        return writes
          .run(() => write(`${JSON.stringify(result)}\n`))
          .catch((error: unknown) => {
            throw new AppError('storage', `Could not save a result because ${describeFsError(error)} (${root}).`, { cause: error })
          })
      },
      async close() {
        await writes.idle()
        await handle?.close()
      },
    }
  }
}

function linkedRoot(root: string): string {
  return `the batches folder is a link to another place, and Payments Desk keeps batches only inside its data folder (${root}).`
}
