import { Button, Group, Menu, Paper, Text } from '@mantine/core'
import { useClipboard, useLocalStorage } from '@mantine/hooks'
import {
  customerLanguageNames,
  customerLanguages,
  isCustomerLanguage,
  type CustomerLanguage,
  type CustomerTexts,
} from '../../../../shared/customer-messages'
import { announce } from '../../shell/announcer'
import { mainContentId } from '../../shell/skip-link'

// The language of the last copy, on this computer: the next failure is most likely for a
// customer of the same shop.
const languageKey = 'payments-desk:customer-language'

function useCustomerLanguage(): [CustomerLanguage, (language: CustomerLanguage) => void] {
  const [language, setLanguage] = useLocalStorage<CustomerLanguage>({
    key: languageKey,
    defaultValue: 'en',
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => (isCustomerLanguage(value) ? value : 'en'),
  })
  return [language, setLanguage]
}

/** The customer-safe text, shown in the language last copied, and copied in the language the agent picks each time. */
export function CustomerMessage({ texts }: { texts: CustomerTexts }) {
  const [language, setLanguage] = useCustomerLanguage()
  const clipboard = useClipboard({ timeout: 2_000 })

  const copyIn = (next: CustomerLanguage) => {
    setLanguage(next)
    clipboard.copy(texts[next])
    announce(`Customer message copied, in ${customerLanguageNames[next]}.`)
  }

  return (
    <Paper bg="var(--mantine-color-default-hover)" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text lang={language} data-testid="customer-message">
          {texts[language]}
        </Text>
        {/* In the main landmark rather than a portal at the end of the page (outside every landmark), and
            no focus placeholder: Mantine's is a focusable role="presentation" child, which a menu may not own. */}
        <Menu position="bottom-end" shadow="md" portalProps={{ target: `#${mainContentId}` }} withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button
              size="xs"
              variant={clipboard.copied ? 'filled' : 'light'}
              color={clipboard.copied ? 'teal' : undefined}
              flex="none"
              rightSection={<span aria-hidden="true">▾</span>}
              data-testid="copy-customer-message"
            >
              {clipboard.copied ? 'Copied' : 'Copy customer message'}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Copy in</Menu.Label>
            {customerLanguages.map((option) => (
              <Menu.Item
                key={option}
                lang={option}
                onClick={() => {
                  copyIn(option)
                }}
                rightSection={
                  option === language ? (
                    <Text span size="xs" c="dimmed" lang="en">
                      last used
                    </Text>
                  ) : null
                }
              >
                {customerLanguageNames[option]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  )
}
