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

/**
 * A 2xx answer to a create whose JSON has the wrong types: the service did carry it out,
 * so the user must check before sending it again, not read that nothing happened.
 */
export function describeCreatedShapeError(what: string, error: z.ZodError): AppError {
  const first = error.issues[0]
  const where = first && first.path.length > 0 ? `${first.path.join('.')} ` : ''
  return new AppError(
    'outcome-unknown',
    `The service accepted the request, but its answer does not look like a ${what}: ${where}${first ? `(${first.message.toLowerCase()})` : 'has an unexpected shape'}. It was probably carried out, so it was not retried automatically: check before trying again, to avoid a duplicate.`,
  )
}
