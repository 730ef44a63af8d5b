import { AppError } from '../../shared/app-error'
import type { EnvironmentId } from '../../shared/environments'

/** Writes against production need the user's explicit confirmation, given in the request. */
export function requireConfirmation(environment: EnvironmentId, confirmed: boolean, what: string): void {
  if (environment === 'production' && !confirmed) {
    throw new AppError('confirmation-required', `${what} in Production affects real customers: confirm it first.`)
  }
}
