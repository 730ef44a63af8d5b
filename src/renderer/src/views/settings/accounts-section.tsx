import { useState } from 'react'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { checkAccountName, defaultAccount } from '../../../../shared/accounts'
import type { AppErrorShape } from '../../../../shared/app-error'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorAlert } from '../../components/error-alert'
import { InlineFieldForm } from '../../components/inline-field-form'
import { AccountChoice } from '../../shell/account-choice'
import { toErrorShape } from '../../stores/error-shape'
import { useConnection, type EnvironmentView, type RemoteEnvironment } from '../../stores/connection-store'
import { notifySaved } from './notify-saved'

/** The environment's merchant accounts: choose the one whose key is set below, add one, remove one. */
export function AccountsSection(props: { env: EnvironmentView & { id: RemoteEnvironment } }) {
  const env = props.env
  const active = env.accounts.find((account) => account.id === env.activeAccount)
  return (
    <Stack gap="sm" data-testid={`accounts-section-${env.id}`}>
      <AccountChoice env={env} label="Merchant accounts" showKeys />
      <Text size="xs" c="dimmed">
        Each account has its own private key, kept in the system keychain for this environment&apos;s base URL. The key below is the
        {active ? ` ${active.name}` : ''} account&apos;s.
      </Text>
      <AddAccountForm env={env} />
      {active && active.id !== defaultAccount.id ? <RemoveAccountButton env={env} account={active} /> : null}
    </Stack>
  )
}

function AddAccountForm(props: { env: EnvironmentView & { id: RemoteEnvironment } }) {
  const addAccount = useConnection((s) => s.addAccount)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function add() {
    const checked = checkAccountName(value, props.env.accounts)
    if (!checked.ok) {
      setError(checked.message)
      return
    }
    setBusy(true)
    try {
      await addAccount(props.env.id, checked.name)
      setValue('')
      setError(null)
      notifySaved('Account added', `${checked.name} is an account of ${props.env.label}. Choose it above, then enter its key.`)
    } catch (caught) {
      setError(toErrorShape(caught).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <InlineFieldForm
      label="Add an account"
      description='A name your team will recognise, such as "Shop FR". Links to payments name it.'
      placeholder="Shop FR"
      value={value}
      onChange={(next) => {
        setValue(next)
        setError(null)
      }}
      error={error}
      submitLabel="Add account"
      onSubmit={() => void add()}
      busy={busy}
      disabled={value.trim() === ''}
    />
  )
}

function RemoveAccountButton(props: { env: EnvironmentView & { id: RemoteEnvironment }; account: { id: string; name: string } }) {
  const removeAccount = useConnection((s) => s.removeAccount)
  const [opened, dialog] = useDisclosure(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppErrorShape | null>(null)

  async function remove() {
    setBusy(true)
    setError(null)
    try {
      await removeAccount(props.env.id, props.account.id)
      dialog.close()
      notifySaved('Account removed', `${props.account.name} and its key are gone; ${props.env.label} uses Default now.`)
    } catch (caught) {
      setError(toErrorShape(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Group>
        <Button
          variant="light"
          color="red"
          onClick={() => {
            setError(null)
            dialog.open()
          }}
        >
          Remove {props.account.name}
        </Button>
      </Group>
      <ConfirmDialog
        opened={opened}
        title={`Remove the account ${props.account.name}?`}
        cancelLabel="Keep the account"
        confirmLabel="Remove account"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={dialog.close}
      >
        <Text size="sm">
          Its private key is deleted from the system keychain and {props.env.label} goes back to its Default account. Links to payments that
          name {props.account.name} will not open until the account is added again.
        </Text>
        {error ? <ErrorAlert error={error} title="The account was not removed" /> : null}
      </ConfirmDialog>
    </>
  )
}
