import type { z } from 'zod'
import { AppError } from '../../shared/app-error'

/** A 2xx answer whose JSON has the wrong types for the fields the spec documents. */
export function describeShapeError(what: string, error: z.ZodError): AppError {
  const first = error.issues[0]
  const where = first && first.path.length > 0 ? first.path.join('.') : what
  return new AppError(
    'invalid-response',
    `The service's answer does not look like a ${what}: ${where} ${first ? `(${first.message.toLowerCase()})` : 'has an unexpected shape'}. Nothing was changed.`,
  )
}
