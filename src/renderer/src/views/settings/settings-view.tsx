import { useEffect, useState } from 'react'
import { Button, Center, Loader, Stack, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import type { EnvironmentId } from '../../../../shared/environments'
import { ErrorAlert } from '../../components/error-alert'
import { selectActiveEnvironment, useConnection } from '../../stores/connection-store'
import { AuditSection } from './audit-section'
import { ConnectionTabs } from './connection-tabs'
import { EnvironmentPicker } from './environment-picker'
import { PolicySection } from './policy-section'
import { SchedulerDefaults } from './scheduler-defaults'
import { SettingsSection } from './settings-section'
import { SupportSection } from './support-section'
import { ThemePicker } from './theme-picker'

/** Admins: which environment, how to reach it, the key, the scheduler's limits, the theme, the audit log, support. */
export function SettingsView() {
  const { view, loading, error, load } = useConnection(
    useShallow((s) => ({ view: s.view, loading: s.loading, error: s.error, load: s.load })),
  )
  const active = useConnection(selectActiveEnvironment)
  // Until the admin picks a tab, the tab follows the active environment.
  const [chosenTab, setTab] = useState<EnvironmentId | null>(null)
  const tab = chosenTab ?? active

  // The scheduler limits may have changed on the Requests screen since the app loaded them.
  useEffect(() => {
    void load()
  }, [load])

  if (!view) {
    if (error && !loading) {
      return (
        <Stack gap="md" maw={960}>
          <Title order={2}>Settings</Title>
          <ErrorAlert error={error} title="The settings could not be read">
            <Button size="xs" variant="light" color="red" onClick={() => void load()}>
              Try again
            </Button>
          </ErrorAlert>
        </Stack>
      )
    }
    return (
      <Center h={240} aria-busy>
        <Loader aria-label="Loading settings" />
      </Center>
    )
  }

  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>Settings</Title>
      <PolicySection />
      <SettingsSection title="Environment">
        <EnvironmentPicker onSwitched={setTab} />
      </SettingsSection>
      <SettingsSection
        title="Connections and keys"
        description="Private keys live in the operating system's keychain and never leave the app's main process: this screen can store, replace or delete a key, but never shows one."
      >
        <ConnectionTabs tab={tab} onTab={setTab} />
      </SettingsSection>
      <SettingsSection
        title="Scheduler defaults"
        description="Every request to the service goes through one scheduler. It slows down by itself on 429s; these are its upper limits."
      >
        <SchedulerDefaults
          key={`${view.settings.throttle.ceiling}/${view.settings.throttle.concurrency}`}
          throttle={view.settings.throttle}
        />
      </SettingsSection>
      <SettingsSection title="Theme">
        <ThemePicker theme={view.settings.theme} />
      </SettingsSection>
      <SupportSection />
      {/* Last: the log grows, and everything above stays at a fixed place. */}
      <AuditSection />
    </Stack>
  )
}
