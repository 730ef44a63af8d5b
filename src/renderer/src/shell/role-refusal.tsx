import { Stack, Title } from '@mantine/core'
import { roleReason } from '../../../shared/policy/channel-roles'
import { LockedNote } from '../components/locked-note'
import { useNavigation } from '../stores/navigation-store'
import { navItems } from './nav-items'
import { usePolicy } from './policy-access'

/** In place of a screen the role cannot use (opened before the policy was known): says why, shows nothing of it. */
export function RoleRefusal() {
  const view = useNavigation((s) => s.view)
  const { role } = usePolicy()
  return (
    <Stack gap="sm" maw={960}>
      <Title order={2}>{navItems.find((item) => item.view === view)?.label ?? 'Not available'}</Title>
      <LockedNote reason={roleReason(role)} testId="role-refusal" />
    </Stack>
  )
}
