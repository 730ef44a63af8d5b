import { mkdir, open, readdir, readFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../shared/app-error'
import { batchJobSchema, batchResultSchema, type BatchJob, type BatchResult } from '../../shared/contract/batch-schema'
import { describeFsError, fsErrorCode, readJsonFile, writeJsonFile } from '../storage/json-file'

const idsSchema = z.array(z.string())

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
 * crash loses at most the lookups in flight).
 */
export class BatchFiles {
  constructor(private readonly root: string) {}

  private dir(jobId: string): string {
    return join(this.root, jobId)
  }

  async create(job: BatchJob, ids: string[]): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true, mode: 0o700 })
      // Not recursive: on a read-only disk a recursive mkdir reports ENOENT instead of EROFS.
      await mkdir(this.dir(job.id), { mode: 0o700 })
    } catch (error) {
      throw new AppError('storage', `Could not start the batch: its folder could not be created because ${describeFsError(error)} (${this.root}).`, { cause: error })
    }
    await writeJsonFile(join(this.dir(job.id), 'ids.json'), ids)
    await this.saveJob(job)
  }

  saveJob(job: BatchJob): Promise<void> {
    return writeJsonFile(join(this.dir(job.id), 'job.json'), job)
  }

  /** Every readable batch; unreadable ones are named in `problems` and left on disk. */
  async loadAll(): Promise<{ batches: StoredBatch[]; problems: string[] }> {
    let names: string[]
    try {
      // Only folders are batches: a stray file here must not keep the app from starting.
      names = (await readdir(this.root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    } catch (error) {
      if (fsErrorCode(error) === 'ENOENT') return { batches: [], problems: [] }
      return { batches: [], problems: [`The batches folder could not be read because ${describeFsError(error)}, so earlier batches are not listed (${this.root}).`] }
    }
    const batches: StoredBatch[] = []
    const problems: string[] = []
    for (const name of names.sort()) {
      try {
        const job = await readJsonFile(join(this.dir(name), 'job.json'), batchJobSchema)
        const ids = await readJsonFile(join(this.dir(name), 'ids.json'), idsSchema)
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
    let writes = Promise.resolve()
    async function write(line: string): Promise<void> {
      if (handle === null) {
        const opened = await open(path, 'a', 0o600)
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
        const next = writes.then(() => write(`${JSON.stringify(result)}\n`))
        writes = next.catch(() => undefined)
        return next.catch((error: unknown) => {
          throw new AppError('storage', `Could not save a result because ${describeFsError(error)} (${root}).`, { cause: error })
        })
      },
      async close() {
        await writes.catch(() => undefined)
        await handle?.close()
      },
    }
  }
}
