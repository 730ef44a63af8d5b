import type { View } from '../stores/navigation-store'

export interface NavItem {
  view: View
  label: string
  description: string
  shortcut: string
}

export const navItems: NavItem[] = [
  { view: 'payments', label: 'Payments', description: 'Look a payment up by ID', shortcut: '1' },
  { view: 'batch', label: 'Batch lookup', description: 'Look up a whole list of IDs', shortcut: '2' },
  { view: 'checkout', label: 'Checkout', description: 'Create a checkout payment', shortcut: '3' },
  { view: 'webhooks', label: 'Webhooks', description: 'Endpoints, secrets, signatures', shortcut: '4' },
  { view: 'requests', label: 'Requests', description: 'Every request and the throttle', shortcut: '5' },
  { view: 'settings', label: 'Settings', description: 'Environment, keys, theme', shortcut: '6' },
]
