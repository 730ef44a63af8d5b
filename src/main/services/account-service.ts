import { checkAccountName, defaultAccount, newAccountId } from '../../shared/accounts'
import { AppError } from '../../shared/app-error'
import type { InvokeResponse } from '../../shared/contract/channels'
import { environmentLabels, type EnvironmentId } from '../../shared/environments'
import { keyDeletedDetail } from '../audit/audit-details'
import { deleteApiKey, storedKeyFingerprint } from '../secrets/api-key-item'
import type { SecretStore } from '../secrets/keychain'
import type { SettingsStore } from '../settings/settings-store'
import { lookalikeProblem } from './account-names'
import type { AuditRecorder } from './audit-service'

type SettingsView = InvokeResponse<'getSettings'>
type RemoteEnvironment = Exclude<EnvironmentId, 'local'>

/** The merchant accounts of Production and the operator sandbox (the local sandbox serves its own). */
export interface AccountService {
  add(environment: RemoteEnvironment, name: string): Promise<SettingsView>
  /** Forgets the account and deletes its key; Default stays. */
  remove(environment: RemoteEnvironment, account: string): Promise<SettingsView>
}

export function createAccountService(deps: {
  settings: SettingsStore
  secrets: SecretStore
  audit: AuditRecorder
  view: () => Promise<SettingsView>
  /** The account in use may have changed: the throttle's view follows it. */
  onAccountSwitched?: () => void
}): AccountService {
  return {
    async add(environment, rawName) {
      const existing = deps.settings.get().accounts[environment].list
      const checked = checkAccountName(rawName, existing)
      if (!checked.ok) throw new AppError('invalid-account-name', checked.message)
      const lookalike = lookalikeProblem(checked.name, existing)
      if (lookalike) throw new AppError('invalid-account-name', lookalike)
      const account = { id: newAccountId(checked.name, existing), name: checked.name }
      await deps.settings.update((s) => ({
        ...s,
        accounts: { ...s.accounts, [environment]: { ...s.accounts[environment], list: [...s.accounts[environment].list, account] } },
      }))
      await deps.audit.record({ environment, account: account.name, action: 'account-added', detail: `Account ${account.name} added` })
      return deps.view()
    },

    async remove(environment, accountId) {
      const account = deps.settings.get().accounts[environment].list.find((candidate) => candidate.id === accountId)
      if (!account) throw new AppError('account-not-found', `${environmentLabels[environment]} has no account "${accountId}".`)
      if (account.id === defaultAccount.id) {
        throw new AppError('default-account-kept', `The Default account of ${environmentLabels[environment]} cannot be removed.`)
      }
      // The key first: an account whose key could not be deleted is kept, so no key is left behind unseen.
      const previous = await storedKeyFingerprint(deps.secrets, environment, account.id)
      await deleteApiKey(deps.secrets, environment, account.id)
      await deps.settings.update((s) => {
        const accounts = s.accounts[environment]
        const list = accounts.list.filter((candidate) => candidate.id !== account.id)
        const active = accounts.active === account.id ? defaultAccount.id : accounts.active
        return { ...s, accounts: { ...s.accounts, [environment]: { list, active } } }
      })
      await deps.audit.record({
        environment,
        account: account.name,
        action: 'account-removed',
        detail: previous
          ? `Account ${account.name} removed; ${keyDeletedDetail(environment, previous)}`
          : `Account ${account.name} removed`,
      })
      deps.onAccountSwitched?.()
      return deps.view()
    },
  }
}
