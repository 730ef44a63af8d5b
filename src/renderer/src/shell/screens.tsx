import { lazy, type ComponentType } from 'react'
import { Group, Loader, Text } from '@mantine/core'
import type { View } from '../stores/navigation-store'
import { PaymentsView } from '../views/payments/payments-view'
import { navItems } from './nav-items'

// The chart library and its styles travel with the two screens that draw charts, never the first load.
const withChartStyles = <T,>(screen: Promise<T>): Promise<T> =>
  Promise.all([screen, import('@mantine/charts/styles.css')]).then(([module]) => module)

/**
 * One component per screen. Payments is the start screen and stays in the first chunk, so the
 * lookup field never waits for a second request; every other screen is its own chunk, fetched
 * (from the app's own origin, as the CSP allows) the first time it is opened.
 */
export const screens: Record<View, ComponentType> = {
  payments: PaymentsView,
  batch: lazy(() => withChartStyles(import('../views/batch/batch-view')).then((m) => ({ default: m.BatchView }))),
  checkout: lazy(() => import('../views/checkout/checkout-view').then((m) => ({ default: m.CheckoutView }))),
  webhooks: lazy(() => import('../views/webhooks/webhooks-view').then((m) => ({ default: m.WebhooksView }))),
  requests: lazy(() => withChartStyles(import('../views/requests/requests-view')).then((m) => ({ default: m.RequestsView }))),
  settings: lazy(() => import('../views/settings/settings-view').then((m) => ({ default: m.SettingsView }))),
}

/** What shows while a screen's chunk loads: announced politely, so a screen reader hears where it is going. */
export function ScreenLoading({ view }: { view: View }) {
  const label = navItems.find((item) => item.view === view)?.label ?? 'screen'
  return (
    <Group role="status" aria-live="polite" gap="sm" p="md">
      <Loader size="sm" aria-hidden="true" />
      <Text>Loading {label}…</Text>
    </Group>
  )
}
