/** What `npm run bench -- <name> --quick` asks of a benchmark: tiny sizes, a few seconds, the same JSON fields. */
export interface BenchOptions {
  quick?: boolean
}

/** The fields a benchmark's JSON line always has, full run or quick: what the test of its quick mode checks. */
export type PromisedFields = readonly string[]
