import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { SchedulerConfig } from '../../../src/main/scheduler/scheduler-config'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

export interface BatchChild {
  child: ChildProcess
  /** The batch's ID, once the child has started it. */
  jobId: Promise<string>
  /** Resolves with the signal that ended the child. */
  exited: Promise<NodeJS.Signals | null>
}

/**
 * The app's core in a child process (batch-child.ts), running a batch of `ids` against
 * `sandbox` on `dataDir` until the test kills it. `throttle` replaces the child's pace.
 */
export function startBatchChild(
  dataDir: string,
  sandbox: { baseUrl: string; apiKey: string },
  ids: string[],
  throttle?: Partial<SchedulerConfig>,
): BatchChild {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/main/batch/batch-child.ts', JSON.stringify(ids)], {
    cwd: repoRoot,
    env: {
      ...process.env,
      BATCH_DATA_DIR: dataDir,
      SANDBOX_URL: sandbox.baseUrl,
      SANDBOX_KEY: sandbox.apiKey,
      ...(throttle ? { BATCH_THROTTLE: JSON.stringify(throttle) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => {
      resolve(signal)
    }),
  )
  const jobId = new Promise<string>((resolve, reject) => {
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const line = stdout.split('\n')[0]
      if (stdout.includes('\n') && line) resolve((JSON.parse(line) as { jobId: string }).jobId)
    })
    child.on('exit', (code, signal) => {
      reject(new Error(`The child exited (${String(code ?? signal)}) before starting the batch: ${stderr}`))
    })
  })
  return { child, jobId, exited }
}
