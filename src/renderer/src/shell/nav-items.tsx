import type { InvokeName } from '../../../shared/contract/channels'
import { mayCall } from '../../../shared/policy/channel-roles'
import type { Role } from '../../../shared/contract/policy-schema'
import type { View } from '../stores/navigation-store'

export interface NavItem {
  view: View
  label: string
  description: string
  shortcut: string
  /** The channel the screen is for: shown only to a role that may call it. */
  needs?: InvokeName
}

export const navItems: NavItem[] = [
  { view: 'payments', label: 'Payments', description: 'Look a payment up by ID', shortcut: '1' },
  { view: 'batch', label: 'Batch lookup', description: 'Look up a whole list of IDs', shortcut: '2' },
  { view: 'checkout', label: 'Checkout', description: 'Create a checkout payment', shortcut: '3', needs: 'createCheckout' },
  { view: 'webhooks', label: 'Webhooks', description: 'Endpoints, secrets, signatures', shortcut: '4', needs: 'registerWebhook' },
  { view: 'requests', label: 'Requests', description: 'Every request and the throttle', shortcut: '5' },
  { view: 'settings', label: 'Settings', description: 'Environment, keys, theme', shortcut: '6' },
]

/** Whether the role sees this screen in the list (and may open it). */
export function isScreenFor(role: Role, view: View): boolean {
  const needs = navItems.find((item) => item.view === view)?.needs
  return needs === undefined || mayCall(role, needs)
}
