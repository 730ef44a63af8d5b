import { Code, List, Text } from '@mantine/core'
import { environmentLabels } from '../../../../shared/environments'
import { usePolicy } from '../../shell/policy-access'
import { SettingsSection } from './settings-section'

const roleWords = {
  support:
    'Support: look payments up, run batch lookups, see requests. Checkout, webhooks, keys, base URLs and the throttle are for admins.',
  admin: 'Admin: everything the policy leaves open.',
} as const

/** What the managed policy decides on this computer; shown only when there is a policy file. */
export function PolicySection() {
  const policy = usePolicy()
  if (policy.source === 'none') return null
  return (
    <SettingsSection
      title="Managed by your organisation"
      description="Your IT department set these in a policy file on this computer; they cannot be changed here."
      testId="policy-section"
    >
      {policy.source === 'restricted' ? (
        <Text size="sm" c="red" fw={500}>
          The policy file could not be used, so Payments Desk runs in its most restricted mode. The notice above says why.
        </Text>
      ) : null}
      <List size="sm" spacing={4}>
        <List.Item>Role: {roleWords[policy.role]}</List.Item>
        <List.Item>Environments: {policy.allowedEnvironments.map((id) => environmentLabels[id]).join(', ')}</List.Item>
        {policy.lockedBaseUrls.length > 0 ? (
          <List.Item>Base URL set by the policy: {policy.lockedBaseUrls.map((id) => environmentLabels[id]).join(', ')}</List.Item>
        ) : null}
        {policy.lockedThrottle.length > 0 ? <List.Item>Throttle set by the policy: {policy.lockedThrottle.join(', ')}</List.Item> : null}
        {policy.typeEnvironmentName ? <List.Item>Each write to Production asks you to type its name first.</List.Item> : null}
        {policy.fingerprint ? (
          <List.Item>
            Policy <Code>{policy.fingerprint}</Code>, as the audit log names it.
          </List.Item>
        ) : null}
      </List>
    </SettingsSection>
  )
}
