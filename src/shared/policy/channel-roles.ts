import type { InvokeName } from '../contract/channels'
import type { Role } from '../contract/policy-schema'

/**
 * The least role that may call each channel: main refuses everything else in the
 * dispatcher (`not-allowed-by-policy`) and the window hides what the role cannot use.
 * Every channel must be listed (the type says so), so a new channel does not compile
 * until someone decides who may call it.
 */
export const channelRoles = {
  getPayment: 'support',
  findPaymentInAccounts: 'support',
  // Accounts hold keys: adding and removing them is key management. Switching among them is a settings change support may make.
  addAccount: 'admin',
  removeAccount: 'admin',
  createCheckout: 'admin',
  registerWebhook: 'admin',
  listWebhooks: 'admin',
  revealWebhookSecret: 'admin',
  sendTestEvent: 'admin',
  listSandboxDeliveries: 'admin',
  verifySignature: 'admin',
  getSettings: 'support',
  // Switching among the allowed environments and the theme; the base URL and the throttle are admin fields (below).
  updateSettings: 'support',
  setKey: 'admin',
  testKey: 'admin',
  deleteKey: 'admin',
  batchOpenFile: 'support',
  batchStart: 'support',
  batchPause: 'support',
  batchResume: 'support',
  batchCancel: 'support',
  batchRerun: 'support',
  batchList: 'support',
  batchResults: 'support',
  batchExport: 'support',
  getRequestLog: 'support',
  getScheduler: 'support',
  configureScheduler: 'admin',
  auditList: 'support',
  auditExport: 'admin',
  openLogsFolder: 'support',
  getDiagnostics: 'support',
  takePaymentLink: 'support',
} as const satisfies { [N in InvokeName]: Role }

/** Fields of a request that need an admin although their channel does not. */
export const adminOnlyFields = {
  updateSettings: ['baseUrl', 'throttle'],
} as const satisfies { [N in InvokeName]?: readonly string[] }

const rank: Record<Role, number> = { support: 0, admin: 1 }

export function mayCall(role: Role, name: InvokeName): boolean {
  return rank[role] >= rank[channelRoles[name]]
}

/** Whether the role may send this field of a request (an admin-only field of a channel open to support). */
export function mayUseField(role: Role, name: InvokeName, field: string): boolean {
  const fields: readonly string[] = (adminOnlyFields as Partial<Record<InvokeName, readonly string[]>>)[name] ?? []
  return mayCall(role, name) && (role === 'admin' || !fields.includes(field))
}

/** The words next to a field or control the policy fixes. */
export const lockedReason = "Set by your organisation's policy"

/** The words next to a screen or control the role cannot use. */
export const roleReason = (role: Role): string => (role === 'support' ? "For admins only, by your organisation's policy" : lockedReason)
