import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { benchmarks } from '../../bench/registry'

const repo = join(import.meta.dirname, '../..')

/** `npm run bench -- <name> --quick` as a user runs it: the JSON object on the last line of stdout. */
export async function runQuickBench(name: string): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(join(repo, 'node_modules/.bin/tsx'), ['bench/index.ts', name, '--quick'], {
    cwd: repo,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 290_000,
  })
  const last = stdout.trimEnd().split('\n').at(-1) ?? ''
  return JSON.parse(last) as Record<string, unknown>
}

/** The fields the benchmark promises that its JSON lacks. */
export function missingFields(name: string, line: Record<string, unknown>): string[] {
  return (benchmarks[name]?.fields ?? ['(unknown benchmark)']).filter((field) => line[field] === undefined)
}

export const quickBenchNames = (needsBuild: boolean): string[] =>
  Object.entries(benchmarks)
    .filter(([, bench]) => Boolean(bench.needsBuild) === needsBuild)
    .map(([name]) => name)
