import { Suspense, useEffect } from 'react'
import { AppShell, Group, Kbd, NavLink, Stack, Text, Title } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { watchAuditWriteProblems } from './shell/audit-write-problems'
import { watchPaymentLinks } from './shell/payment-links'
import { EnvironmentBadge } from './shell/environment-badge'
import { isScreenFor, navItems, type NavItem } from './shell/nav-items'
import { selectPolicy } from './shell/policy-access'
import { RoleRefusal } from './shell/role-refusal'
import { ScreenLoading, screens } from './shell/screens'
import { ThemeSync } from './shell/theme-sync'
import { ThrottleIndicator } from './shell/throttle-indicator'
import { useConnection } from './stores/connection-store'
import { useNavigation } from './stores/navigation-store'
import { useRequests } from './stores/requests-store'
import { modKeyLabel } from './format/mod-key'
import { NoticeBanner } from './shell/notice-banner'
import { navMenuBreakpoint, NavMenuButton, navMenuId, useNavMenu } from './shell/nav-menu'
import { Announcer } from './shell/announcer'
import { ActiveAccountChoice } from './shell/account-choice'
import { mainContentClass, mainContentId, SkipLink } from './shell/skip-link'
import { takeEarlyShortcut } from './shell/start-screen'

/** A screen from its shortcut, if the desk's role has it. */
function openScreen(item: NavItem): void {
  if (isScreenFor(selectPolicy(useConnection.getState()).role, item.view)) useNavigation.getState().go(item.view)
}

export function App() {
  const view = useNavigation((s) => s.view)
  const go = useNavigation((s) => s.go)
  const focusLookup = useNavigation((s) => s.focusLookup)
  const menu = useNavMenu()
  const role = useConnection((s) => selectPolicy(s).role)

  useEffect(() => {
    void useConnection.getState().load()
    void useRequests.getState().start()
  }, [])
  useEffect(() => watchAuditWriteProblems(), [])
  useEffect(() => watchPaymentLinks(), [])

  useHotkeys(
    [
      ['mod+K', focusLookup],
      ...navItems.map((item): [string, () => void] => [
        `mod+${item.shortcut}`,
        () => {
          openScreen(item)
        },
      ]),
    ],
    [],
  )
  // A shortcut pressed before the app ran, once the settings (and so the role) are in: one the role
  // may not use opens nothing, as it would now.
  const settingsLoaded = useConnection((s) => s.view !== null)
  useEffect(() => {
    if (!settingsLoaded) return
    const shortcut = takeEarlyShortcut()
    const early = navItems.find((item) => item.shortcut === shortcut)
    if (early) openScreen(early)
  }, [settingsLoaded])

  const Screen = isScreenFor(role, view) ? screens[view] : RoleRefusal
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: navMenuBreakpoint, collapsed: { mobile: !menu.opened } }}
      padding="md"
    >
      <ThemeSync />
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <NavMenuButton menu={menu} />
            <Title order={1} size="h3" textWrap="nowrap">
              Payments Desk
            </Title>
            <EnvironmentBadge />
          </Group>
          <ThrottleIndicator />
        </Group>
      </AppShell.Header>
      {/* Folded away (narrow windows), the list is inert so Tab does not walk through it off screen; it scrolls when short. */}
      <AppShell.Navbar p="xs" aria-label="Screens" id={navMenuId} inert={menu.narrow && !menu.opened} style={{ overflowY: 'auto' }}>
        <ActiveAccountChoice />
        <Stack gap={2}>
          {navItems
            .filter((item) => isScreenFor(role, item.view))
            .map((item) => (
              <NavLink
                key={item.view}
                component="button"
                type="button"
                label={item.label}
                description={item.description}
                active={view === item.view}
                onClick={() => {
                  go(item.view)
                  menu.chosen()
                }}
                rightSection={<Kbd size="xs">{item.shortcut}</Kbd>}
                aria-current={view === item.view ? 'page' : undefined}
              />
            ))}
        </Stack>
        <Text size="xs" c="dimmed" mt="auto" p="xs">
          <Kbd size="xs">{modKeyLabel()}</Kbd> + <Kbd size="xs">K</Kbd> look up a payment
        </Text>
      </AppShell.Navbar>
      <AppShell.Main id={mainContentId} tabIndex={-1} className={mainContentClass}>
        <Announcer />
        <NoticeBanner />
        {/* Keyed by screen: the screen being left unmounts at once instead of staying mounted, hidden, until the next one loads. */}
        <Suspense key={view} fallback={<ScreenLoading view={view} />}>
          <Screen />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  )
}
