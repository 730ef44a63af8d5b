import { randomBytes } from 'node:crypto'
import type { Account } from '../../shared/accounts'
import { checkApiKey } from '../../shared/api-key'
import { AppError, isAppError } from '../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../shared/contract/channels'
import type { PolicyView } from '../../shared/contract/policy-schema'
import { checkBaseUrl, environmentIds, environmentLabels, type EnvironmentId } from '../../shared/environments'
import type { ApiClient } from '../api/api-client'
import { baseUrlDetail, environmentSwitchDetail, keyDeletedDetail, keyStoredDetail } from '../audit/audit-details'
import type { Scheduler } from '../scheduler/scheduler'
import { deleteApiKey, isBoundTo, keyOrigin, readApiKey, shownOrigin, storedKeyFingerprint, writeApiKey } from '../secrets/api-key-item'
import type { SecretStore } from '../secrets/keychain'
import type { SettingsStore } from '../settings/settings-store'
import { secretFingerprint } from '../webhooks/fingerprint'
import type { AuditRecorder } from './audit-service'
import { accountLabel, keyNotSentMessage, type Connections } from './connections'

type SettingsView = InvokeResponse<'getSettings'>
type RemoteEnvironment = Exclude<EnvironmentId, 'local'>

export interface SettingsService {
  /** The Settings screen's view, with the notices pending until now: it is the one answer that shows them. */
  view(): Promise<SettingsView>
  /** Saves the change. No view: a channel that answers otherwise (configureScheduler) must not take the notices. */
  update(patch: InvokeRequest<'updateSettings'>): Promise<void>
  /** `account`: the environment's account in use when absent. */
  setKey(environment: RemoteEnvironment, key: string, account?: string): Promise<SettingsView>
  deleteKey(environment: RemoteEnvironment, account?: string): Promise<SettingsView>
  /** Resolves only when the key is accepted; a refused key is the error 'key-rejected'. */
  testKey(environment: EnvironmentId, account?: string): Promise<{ message: string }>
  /** Something to tell the user once (a corrupt file set aside at start). */
  addNotice(notice: string): void
}

export function createSettingsService(deps: {
  settings: SettingsStore
  secrets: SecretStore
  connections: Connections
  client: ApiClient
  scheduler: Pick<Scheduler, 'configure'>
  audit: AuditRecorder
  /** Starts the local sandbox where this process runs it; a switch to it starts it, so the view shows it running. */
  startLocal?: () => Promise<unknown>
  /** The account in use changed: the throttle's view follows it. */
  onAccountSwitched?: () => void
  /** The managed policy in force, for the window to hide and lock what it fixes. */
  policy: PolicyView
}): SettingsService {
  const notices: string[] = []

  async function view(): Promise<SettingsView> {
    const problems: string[] = []
    const environments = await Promise.all(
      environmentIds.map(async (id) => {
        const baseUrl = deps.connections.baseUrl(id)
        const activeAccount = deps.connections.resolve(id).account
        const accounts = await Promise.all(
          deps.connections.accounts(id).map(async (account) => {
            if (id === 'local') return { ...account, hasKey: true }
            try {
              // Only a key that may be sent to the base URL now set counts: any other is asked for again.
              const stored = await readApiKey(deps.secrets, id, account.id)
              const hasKey = isBoundTo(stored, baseUrl)
              if (stored && !hasKey) problems.push(keyNotSentMessage(id, stored, baseUrl, account))
              return { ...account, hasKey }
            } catch (error) {
              if (!isAppError(error)) throw error
              problems.push(error.message)
              return { ...account, hasKey: false }
            }
          }),
        )
        const hasKey = accounts.find((account) => account.id === activeAccount)?.hasKey ?? false
        return { id, label: environmentLabels[id], baseUrl, hasKey, managed: id === 'local', accounts, activeAccount }
      }),
    )
    const notice = [...notices.splice(0), ...new Set(problems)].join(' ') || null
    return { settings: deps.settings.get(), environments, notice, policy: deps.policy }
  }

  return {
    view,
    addNotice(notice) {
      notices.push(notice)
    },

    async update(patch) {
      let baseUrl: string | undefined
      if (patch.baseUrl) {
        const checked = checkBaseUrl(patch.baseUrl.url)
        if (!checked.ok) throw new AppError('invalid-url', checked.message)
        baseUrl = checked.url
      }
      const switchTo = patch.activeAccount ? deps.connections.account(patch.activeAccount.environment, patch.activeAccount.account) : null
      const before = deps.settings.get()
      const movedUrl = patch.baseUrl && baseUrl && before.environments[patch.baseUrl.environment].baseUrl !== baseUrl ? baseUrl : null
      // A key belongs to the origin it was entered for (the keychain item says which, not
      // settings.json): a move anywhere else, from any previous URL or none, removes it, in every
      // account of the environment. Removed before the move, so a keychain that refuses leaves
      // everything as it was.
      const removedKeys: { account: Account; fingerprint: string; wasBound: boolean }[] = []
      if (patch.baseUrl && movedUrl) {
        const { environment } = patch.baseUrl
        for (const account of deps.connections.accounts(environment)) {
          const stored = await readApiKey(deps.secrets, environment, account.id)
          if (stored && !isBoundTo(stored, movedUrl) && (await deleteApiKey(deps.secrets, environment, account.id))) {
            removedKeys.push({ account, fingerprint: secretFingerprint(stored.key), wasBound: stored.kind === 'bound' })
          }
        }
      }
      const saved = await deps.settings.update((s) => ({
        ...s,
        ...(patch.activeEnvironment ? { activeEnvironment: patch.activeEnvironment } : {}),
        ...(patch.theme ? { theme: patch.theme } : {}),
        ...(patch.throttle ? { throttle: { ...s.throttle, ...definedOnly(patch.throttle) } } : {}),
        ...(patch.activeAccount && switchTo
          ? {
              accounts: {
                ...s.accounts,
                [patch.activeAccount.environment]: { ...s.accounts[patch.activeAccount.environment], active: switchTo.id },
              },
            }
          : {}),
        environments: patch.baseUrl && baseUrl ? { ...s.environments, [patch.baseUrl.environment]: { baseUrl } } : s.environments,
      }))
      if (patch.throttle) deps.scheduler.configure(saved.throttle)
      if (saved.activeEnvironment !== before.activeEnvironment) {
        await deps.audit.record({
          environment: saved.activeEnvironment,
          action: 'environment-switched',
          detail: environmentSwitchDetail(before.activeEnvironment, saved.activeEnvironment),
        })
      }
      if (patch.activeAccount && switchTo && before.accounts[patch.activeAccount.environment].active !== switchTo.id) {
        const { environment } = patch.activeAccount
        const previous = deps.connections.account(environment, before.accounts[environment].active)
        await deps.audit.record({
          environment,
          account: switchTo.name,
          action: 'account-switched',
          detail: `From ${previous.name} to ${switchTo.name}`,
        })
      }
      if (saved.activeEnvironment !== before.activeEnvironment || patch.activeAccount) deps.onAccountSwitched?.()
      if (patch.baseUrl && movedUrl) {
        const { environment } = patch.baseUrl
        const previousUrl = before.environments[environment].baseUrl
        await deps.audit.record({ environment, action: 'base-url-changed', detail: baseUrlDetail(environment, movedUrl, previousUrl) })
        for (const { account, fingerprint, wasBound } of removedKeys) {
          const label = accountLabel(environment, account)
          await deps.audit.record({
            environment,
            account: account.name,
            action: 'key-deleted',
            detail: keyDeletedDetail(environment, fingerprint),
          })
          notices.push(
            wasBound
              ? `The private key of ${label} was removed because its base URL moved to another host (${shownOrigin(new URL(movedUrl).host)}). Enter the key again for the new address.`
              : `The private key of ${label} was removed when its base URL changed: an earlier version stored it without the address it belongs to. Enter the key again for the new address.`,
          )
        }
      }
      if (saved.activeEnvironment === 'local') await deps.startLocal?.()
    },

    async setKey(environment, key, accountId) {
      const account = deps.connections.account(environment, accountId)
      const checked = checkApiKey(key, environment)
      if (!checked.ok) throw new AppError('invalid-key', checked.message)
      // Bound to the base URL set at this moment: the key will be sent there and nowhere else.
      const baseUrl = deps.connections.baseUrl(environment)
      const origin = baseUrl === null || !checkBaseUrl(baseUrl).ok ? null : keyOrigin(baseUrl)
      if (origin === null) {
        throw new AppError(
          'invalid-url',
          `Enter the base URL of ${environmentLabels[environment]} first: the key is kept for that address and sent nowhere else.`,
        )
      }
      const previous = await storedKeyFingerprint(deps.secrets, environment, account.id)
      await writeApiKey(deps.secrets, environment, origin, checked.key, account.id)
      await deps.audit.record({
        environment,
        account: account.name,
        action: previous ? 'key-replaced' : 'key-set',
        detail: keyStoredDetail(environment, secretFingerprint(checked.key), previous),
      })
      return view()
    },

    async deleteKey(environment, accountId) {
      const account = deps.connections.account(environment, accountId)
      const previous = await storedKeyFingerprint(deps.secrets, environment, account.id)
      await deleteApiKey(deps.secrets, environment, account.id)
      await deps.audit.record({
        environment,
        account: account.name,
        action: 'key-deleted',
        detail: keyDeletedDetail(environment, previous),
      })
      return view()
    },

    async testKey(environment, accountId) {
      const account = deps.connections.account(environment, accountId)
      const label = accountLabel(environment, account)
      // An ID no payment can have: 404 means the key was accepted, and nothing is changed.
      const probeId = `payments-desk-connection-test-${randomBytes(6).toString('hex')}`
      try {
        await deps.client.send({
          method: 'GET',
          path: `/api/payment/${probeId}`,
          priority: 'interactive',
          environment,
          account: account.id,
        })
        return { message: `Connected to ${label}: the key is accepted.` }
      } catch (error) {
        if (isAppError(error) && error.code === 'not-found') return { message: `Connected to ${label}: the key is accepted.` }
        if (isAppError(error) && error.code === 'unauthorized') {
          throw new AppError(
            'key-rejected',
            `${label} refused this key (401). Check that it is the private key of this account, or replace it.`,
          )
        }
        throw error
      }
    },
  }
}

/** `{ ceiling: undefined }` from IPC means "leave it", not "erase it". */
function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}
