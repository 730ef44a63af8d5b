import { benchBatchRender } from './batch-render'
import { benchBatchThroughput } from './batch-throughput'

/** `npm run bench -- batch`: throughput, faults and interactive latency; the table's render time. */
export async function benchBatch(): Promise<Record<string, unknown>> {
  const render = await benchBatchRender()
  console.error(`  render: ${JSON.stringify(render)}`)
  const throughput = await benchBatchThroughput()
  return { benchmark: 'batch', ...throughput, renderMs: render.renderMs, render }
}
