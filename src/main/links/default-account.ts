import type { LinkAccounts } from './link-inbox'

// Stands in for the accounts service until an environment can hold several accounts: its one
// account is then 'default', named "Default" (the name the existing key's account is given).
export const defaultAccountOnly: LinkAccounts = {
  findAccount(_environment, nameOrId) {
    return nameOrId.toLowerCase() === 'default' ? { id: 'default', name: 'Default' } : null
  },
  selectAccount: () => Promise.resolve(),
}
