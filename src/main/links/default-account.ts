import { defaultAccount } from '../../shared/links/default-account'
import type { LinkAccounts } from './link-inbox'

// Stands in for the accounts service until an environment can hold several accounts: its
// one account is then the default one.
export const defaultAccountOnly: LinkAccounts = {
  findAccount(_environment, nameOrId) {
    const ref = nameOrId.toLowerCase()
    return ref === defaultAccount.id || ref === defaultAccount.name.toLowerCase() ? { ...defaultAccount } : null
  },
  selectAccount: () => Promise.resolve(),
}
