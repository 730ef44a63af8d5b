// Every environment's first account: the key it already had before it could hold several.
// Links name it until the accounts service and the Settings view say which account is active.
export const defaultAccount = { id: 'default', name: 'Default' } as const
