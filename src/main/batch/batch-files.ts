import { mkdir, open, readdir, readFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../shared/app-error'
import { batchJobSchema, batchResultSchema, type BatchJob, type BatchResult } from '../../shared/contract/batch-schema'
import { fsErrorCode, readJsonFile, writeJsonFile } from '../storage/json-file'

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
    await mkdir(this.dir(job.id), { recursive: true, mode: 0o700 })
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
      throw error
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

  async openResults(jobId: string): Promise<ResultsAppender> {
    const path = join(this.dir(jobId), 'results.jsonl')
    const handle: FileHandle = await open(path, 'a', 0o600)
    // A crash may have left a last line without its newline: start on a fresh line.
    const { size } = await handle.stat()
    let needsNewline = size > 0 && !(await readFile(path, 'utf8')).endsWith('\n')
    let writes = Promise.resolve()
    return {
      append(result) {
        const line = `${needsNewline ? '\n' : ''}${JSON.stringify(result)}\n`
        needsNewline = false
        const write = writes.then(() => handle.appendFile(line, 'utf8'))
        writes = write.catch(() => undefined)
        return write.catch((error: unknown) => {
          const code = fsErrorCode(error)
          throw new AppError('storage', `Could not save a result${code === 'ENOSPC' ? ': the disk is full' : code ? ` (${code})` : ''}.`, { cause: error })
        })
      },
      async close() {
        await writes.catch(() => undefined)
        await handle.close()
      },
    }
  }
}
