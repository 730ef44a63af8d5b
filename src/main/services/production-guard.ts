import { AppError } from '../../shared/app-error'
import type { EnvironmentId } from '../../shared/environments'
import { truncateText } from '../../shared/truncate-text'

/** What the user is asked to confirm: written by main from the request, shown in a native dialog. */
export interface ProductionWrite {
  /** "Create a payment in Production": the dialog's question. */
  action: string
  /** What exactly will be written, in words. */
  summary: string
  /** The button that goes ahead, next to Cancel (which is the default). */
  confirmLabel: string
}

/**
 * The shell's confirmation before a write reaches Production: a dialog of the main
 * process, which the renderer can neither answer nor skip. Resolves true only when the
 * user chose to go ahead.
 */
export interface ProductionConfirm {
  confirmProductionWrite(write: ProductionWrite): Promise<boolean>
}

/** Appended to the audit entry of a production write. */
export const confirmedNote = 'confirmed in the main-process dialog'

export interface ProductionGuard {
  /** Throws unless the environment is not Production or the user confirmed; returns the audit note. */
  require(environment: EnvironmentId, write: ProductionWrite): Promise<string | null>
}

/**
 * One dialog at a time: a renderer that fires writes in a loop gets one question, not a
 * queue of them where a second click could confirm something not read.
 */
export function createProductionGuard(confirm: ProductionConfirm | undefined): ProductionGuard {
  let open = false
  return {
    async require(environment, write) {
      if (environment !== 'production') return null
      if (!confirm) {
        throw new AppError(
          'confirmation-required',
          `${write.action} needs a confirmation in Payments Desk's own dialog, which is not available here: nothing was sent.`,
        )
      }
      if (open)
        throw new AppError(
          'confirmation-required',
          'Another write to Production is waiting for confirmation: answer that dialog first. Nothing was sent.',
        )
      open = true
      let confirmed: boolean
      try {
        confirmed = await confirm.confirmProductionWrite(write)
      } catch (error) {
        throw new AppError('confirmation-required', 'The confirmation dialog could not be shown: nothing was sent to Production.', {
          cause: error,
        })
      } finally {
        open = false
      }
      if (!confirmed)
        throw new AppError('confirmation-declined', `${write.action}: cancelled in the confirmation dialog. Nothing was sent.`)
      return confirmedNote
    },
  }
}

/**
 * Text from the request, for the dialog: one line (a line break or a bidi override from a
 * compromised renderer could make the dialog say something else), and not too long to read.
 */
export function dialogText(text: string, maxChars = 200): string {
  return truncateText(text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').trim(), maxChars)
}
