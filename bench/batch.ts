import { benchBatchRender } from './batch-render'
import { benchBatchThroughput } from './batch-throughput'
import type { BenchOptions, PromisedFields } from './quick'

export const batchFields: PromisedFields = [
  'benchmark',
  'limit',
  'lookups',
  'ratio',
  'rate429',
  'lost',
  'duplicated',
  'faultsLost',
  'faultsDuplicated',
  'faultsLookupErrors',
  'interactiveRatio',
  'clean',
  'withFaults',
  'renderMs',
  'render',
]

/** `npm run bench -- batch`: throughput, faults and interactive latency; the table's render time. */
export async function benchBatch(options: BenchOptions = {}): Promise<Record<string, unknown>> {
  const render = await benchBatchRender(options)
  console.error(`  render: ${JSON.stringify(render)}`)
  const throughput = await benchBatchThroughput(options)
  return { benchmark: 'batch', ...throughput, renderMs: render.renderMs, render }
}
