import { AppError } from '../../shared/app-error'
import type { Account } from '../../shared/accounts'
import { environmentLabels, type EnvironmentId } from '../../shared/environments'
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

/** Where a write goes: read once, before any dialog, and used for the request and its audit entry. */
export interface WriteTarget {
  environment: EnvironmentId
  account: Account
}

export interface ProductionGuard {
  /**
   * Binds the environment and account in use, then throws unless that is not Production or the
   * user confirmed a write to exactly them (named in the dialog) and they are still in use after.
   * `note`: for the audit entry.
   */
  require(write: ProductionWrite): Promise<{ target: WriteTarget; note: string | null }>
}

/**
 * One dialog at a time: a renderer that fires writes in a loop gets one question, not a
 * queue of them where a second click could confirm something not read.
 */
export function createProductionGuard(confirm: ProductionConfirm | undefined, inUse: () => WriteTarget): ProductionGuard {
  let open = false
  return {
    async require(write) {
      const target = inUse()
      if (target.environment !== 'production') return { target, note: null }
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
        confirmed = await confirm.confirmProductionWrite({ ...write, summary: `${write.summary} ${targetSentence(target)}` })
      } catch (error) {
        throw new AppError('confirmation-required', 'The confirmation dialog could not be shown: nothing was sent to Production.', {
          cause: error,
        })
      } finally {
        open = false
      }
      if (!confirmed)
        throw new AppError('confirmation-declined', `${write.action}: cancelled in the confirmation dialog. Nothing was sent.`)
      // A link or another window may have switched the account while the dialog was open: the
      // user said yes to one account's write, and another's key must not carry it.
      const now = inUse()
      if (now.environment !== target.environment || now.account.id !== target.account.id)
        throw new AppError(
          'confirmation-required',
          `The write was confirmed for ${targetName(target)}, but ${targetName(now)} is in use now: nothing was sent. Try again to confirm it for the account in use.`,
        )
      return { target, note: confirmedNote }
    },
  }
}

const targetName = ({ environment, account }: WriteTarget) =>
  `the account "${dialogText(account.name, 80)}" in ${environmentLabels[environment]}`

/** The dialog's last sentence: where the write goes, so a switch behind it cannot go unnoticed. */
function targetSentence(target: WriteTarget): string {
  return `It goes to ${targetName(target)}.`
}

/**
 * Text from the request, for the dialog: one line (a line break or a bidi override from a
 * compromised renderer could make the dialog say something else), and not too long to read.
 */
export function dialogText(text: string, maxChars = 200): string {
  return truncateText(text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').trim(), maxChars)
}
