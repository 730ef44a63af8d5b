// Runs in a child process started by batch-child-process.ts: the app's core on the data
// folder it is given, running one batch against the test's sandbox until the test kills
// it. Prints the batch's ID as one line of JSON once the batch has started.
//
//   BATCH_DATA_DIR=... SANDBOX_URL=... SANDBOX_KEY=... [BATCH_THROTTLE=<scheduler config as JSON>] \
//     node --import tsx test/main/batch/batch-child.ts <ids as JSON>
import { createAppCore } from '../../../src/main/app-core'
import type { SchedulerConfig } from '../../../src/main/scheduler/scheduler-config'
import { createMemoryStore } from '../../../src/main/secrets/keychain'

const dataDir = process.env.BATCH_DATA_DIR
const baseUrl = process.env.SANDBOX_URL
const apiKey = process.env.SANDBOX_KEY
const [idsJson] = process.argv.slice(2)
if (!dataDir || !baseUrl || !apiKey || idsJson === undefined) {
  throw new Error('usage: BATCH_DATA_DIR=... SANDBOX_URL=... SANDBOX_KEY=... batch-child.ts <ids as JSON>')
}
const ids = JSON.parse(idsJson) as string[]

const core = await createAppCore({
  dataDir,
  secrets: createMemoryStore(),
  localService: { baseUrl, apiKey },
  isTrustedSender: () => true,
})
// A steady pace by default, so the test can stop it part way.
const throttle = process.env.BATCH_THROTTLE ? (JSON.parse(process.env.BATCH_THROTTLE) as Partial<SchedulerConfig>) : {}
core.scheduler.configure({ ceiling: 100, initialRate: 100, ...throttle })
const job = await core.batches.start(ids, 'crash test')
process.stdout.write(`${JSON.stringify({ jobId: job.id })}\n`)
