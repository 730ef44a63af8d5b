import { AppError, isAppError } from '../../shared/app-error'
import type { LinkDelivery, LinkOpening } from '../../shared/contract/link-schema'
import { environmentLabels, type EnvironmentId } from '../../shared/environments'
import { linkScheme, parsePaymentLink } from '../../shared/links/payment-link'

// payments-desk:// links reach main from the OS: in the first start's argv, in a second
// start's argv (Windows, Linux), or as macOS's open-url. A link only ever chooses an
// account and asks the window to look a payment up (a GET): it never writes anything.

export interface LinkAccount {
  id: string
  name: string
}

/** The accounts service, as a link needs it (its findAccount/selectAccount). */
export interface LinkAccounts {
  /** By name (case-insensitive) or ID, in one environment. */
  findAccount(environment: EnvironmentId, nameOrId: string): LinkAccount | null
  selectAccount(environment: EnvironmentId, id: string): Promise<unknown>
}

export interface LinkInboxDeps {
  accounts: LinkAccounts
  activeEnvironment(): EnvironmentId
  /** Sends the decision to the window (the contract's paymentLinkOpened event). */
  emit(delivery: LinkDelivery): void
}

export interface LinkInbox {
  /** A link from the OS, at any time: before the app core exists, before the window is ready, or later. */
  receive(raw: string): void
  /** The link in a command line, if one holds one. */
  receiveArgv(argv: readonly string[]): void
  /** Once the core is up: links received so far are decided now. */
  connect(deps: LinkInboxDeps): void
  /**
   * The window asks once it listens: answers the link that arrived before (once), and from
   * then on links go to it as events. A refused link is thrown as its AppError.
   */
  take(): Promise<LinkOpening | null>
  /** The window is loading again: links are kept until it asks. */
  detach(): void
}

/** The last argument that is a payments-desk: link (the OS passes it as one argument, last on Windows). */
export function linkFromArgv(argv: readonly string[]): string | null {
  const links = argv.filter((arg) => arg.slice(0, linkScheme.length + 1).toLowerCase() === `${linkScheme}:`)
  return links.at(-1) ?? null
}

function refused(code: 'link-invalid' | 'link-account-unknown', message: string): LinkDelivery {
  return { ok: false, error: { code, message } }
}

/** Parse, then choose the account the link names: the decision, as the window receives it. */
export async function decideLink(raw: string, deps: Pick<LinkInboxDeps, 'accounts' | 'activeEnvironment'>): Promise<LinkDelivery> {
  const parsed = parsePaymentLink(raw)
  if (!parsed.ok) return refused('link-invalid', `This link cannot be opened. ${parsed.reason} Nothing was looked up.`)
  const environment = deps.activeEnvironment()
  if (parsed.account === null) return { ok: true, value: { id: parsed.id, environment, account: null } }
  const account = deps.accounts.findAccount(environment, parsed.account)
  if (!account) {
    // Looking the payment up in another account instead would show the wrong customer's payment, or none.
    return refused(
      'link-account-unknown',
      `The link is for the account "${parsed.account}", which is not set up in ${environmentLabels[environment]}. Nothing was looked up.`,
    )
  }
  try {
    await deps.accounts.selectAccount(environment, account.id)
  } catch (error) {
    if (isAppError(error) && error.code === 'storage') return { ok: false, error: { code: 'storage', message: error.message } }
    throw error
  }
  return { ok: true, value: { id: parsed.id, environment, account: { id: account.id, name: account.name } } }
}

export function createLinkInbox(onInternalError: (error: unknown) => void = () => undefined): LinkInbox {
  let deps: LinkInboxDeps | null = null
  let windowListens = false
  // Received before the core was up (only the latest counts: it is the one the user clicked last).
  let waiting: string | null = null
  let held: LinkDelivery | null = null
  let deciding: Promise<void> = Promise.resolve()

  function decide(raw: string, using: LinkInboxDeps): void {
    deciding = deciding
      .then(() => decideLink(raw, using))
      .catch((error: unknown): LinkDelivery => {
        onInternalError(error)
        return {
          ok: false,
          error: { code: 'internal', message: 'The link could not be opened: something went wrong inside Payments Desk.' },
        }
      })
      .then((delivery) => {
        if (windowListens) using.emit(delivery)
        else held = delivery
      })
  }

  const inbox: LinkInbox = {
    receive(raw) {
      if (deps) decide(raw, deps)
      else waiting = raw
    },
    receiveArgv(argv) {
      const link = linkFromArgv(argv)
      if (link !== null) inbox.receive(link)
    },
    connect(next) {
      deps = next
      if (waiting !== null) decide(waiting, next)
      waiting = null
    },
    async take() {
      await deciding
      windowListens = true
      const delivery = held
      held = null
      if (delivery === null) return null
      if (delivery.ok) return delivery.value
      throw new AppError(delivery.error.code, delivery.error.message)
    },
    detach() {
      windowListens = false
    },
  }
  return inbox
}
