import type { Observation, RateModel, SentFacts } from '../../../src/main/scheduler/rate-model'

/**
 * A 429 answered at `at` to a request that waited for its token, sent 2 ms earlier in the model's
 * current generation, as the next request after every answer so far; `facts` says otherwise.
 */
export function refusedAt(model: RateModel, at: number, retryAfterMs?: number, facts: Partial<SentFacts> = {}): Observation {
  return {
    kind: 'rate-limited',
    at,
    sentAt: at - 2,
    generation: model.generation,
    sentSeq: 10_000 + model.answers,
    rateBound: true,
    retryAfterMs,
    ...facts,
  }
}
