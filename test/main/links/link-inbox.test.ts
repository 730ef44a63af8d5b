import { describe, expect, it } from 'vitest'
import type { LinkDelivery } from '../../../src/shared/contract/link-schema'
import type { EnvironmentId } from '../../../src/shared/environments'
import { createLinkInbox, decideLink, linkFromArgv, type LinkAccounts } from '../../../src/main/links/link-inbox'

function fakeAccounts(): LinkAccounts & { selected: string[] } {
  const accounts = [
    { id: 'default', name: 'Default', environment: 'local' },
    { id: 'shop-de', name: 'Shop DE', environment: 'local' },
    { id: 'shop-fr', name: 'Shop FR', environment: 'production' },
  ]
  const selected: string[] = []
  return {
    selected,
    findAccount(environment: EnvironmentId, nameOrId: string) {
      const ref = nameOrId.toLowerCase()
      const found = accounts.find((a) => a.environment === environment && (a.id === ref || a.name.toLowerCase() === ref))
      return found ? { id: found.id, name: found.name } : null
    },
    selectAccount(environment: EnvironmentId, id: string) {
      selected.push(`${environment}/${id}`)
      return Promise.resolve()
    },
  }
}

describe('linkFromArgv', () => {
  it.each([
    ['a first start on Linux', ['/opt/payments-desk/payments-desk', 'payments-desk://payment/pay_1'], 'payments-desk://payment/pay_1'],
    [
      'a second start on Windows, flags before the link',
      [
        'C:\\Program Files\\Payments Desk\\Payments Desk.exe',
        '--allow-file-access-from-files',
        '--',
        'payments-desk://payment/pay_2?account=Shop%20DE',
      ],
      'payments-desk://payment/pay_2?account=Shop%20DE',
    ],
    ['a link in capitals (refused later, with its reason)', ['app', 'PAYMENTS-DESK://payment/pay_1'], 'PAYMENTS-DESK://payment/pay_1'],
    ['two links: the last', ['app', 'payments-desk://payment/a', 'payments-desk://payment/b'], 'payments-desk://payment/b'],
    ['no link', ['app', '--inspect', '.'], null],
    ['a flag whose value is a link', ['app', '--url=payments-desk://payment/pay_1'], null],
  ])('finds the link in %s', (_label, argv, link) => {
    expect(linkFromArgv(argv)).toBe(link)
  })
})

describe('decideLink', () => {
  it('opens the payment in the account the link names, choosing that account (by name, any case)', async () => {
    const accounts = fakeAccounts()
    const decided = await decideLink('payments-desk://payment/pay_1?account=shop%20de', { accounts, activeEnvironment: () => 'local' })
    expect(decided).toEqual({ ok: true, value: { id: 'pay_1', environment: 'local', account: { id: 'shop-de', name: 'Shop DE' } } })
    expect(accounts.selected).toEqual(['local/shop-de'])
  })

  it('opens a link without an account in the account in use, choosing none', async () => {
    const accounts = fakeAccounts()
    expect(await decideLink('payments-desk://payment/pay_1', { accounts, activeEnvironment: () => 'production' })).toEqual({
      ok: true,
      value: { id: 'pay_1', environment: 'production', account: null },
    })
    expect(accounts.selected).toEqual([])
  })

  it('refuses an account the environment does not have, and leaves the account in use alone', async () => {
    const accounts = fakeAccounts()
    // Shop FR exists, but in Production: a link is resolved in the environment in use only.
    const decided = await decideLink('payments-desk://payment/pay_1?account=Shop%20FR', { accounts, activeEnvironment: () => 'local' })
    expect(decided).toEqual({
      ok: false,
      error: {
        code: 'link-account-unknown',
        message: 'The link is for the account "Shop FR", which is not set up in Local sandbox. Nothing was looked up.',
      },
    })
    expect(accounts.selected).toEqual([])
  })

  it('refuses a link with a bad ID, with the reason, before looking at accounts', async () => {
    const accounts = fakeAccounts()
    const decided = await decideLink('payments-desk://payment/pay_1%2F..%2Frefund?account=Shop%20DE', {
      accounts,
      activeEnvironment: () => 'local',
    })
    expect(decided.ok).toBe(false)
    if (!decided.ok) {
      expect(decided.error.code).toBe('link-invalid')
      expect(decided.error.message).toMatch(/^This link cannot be opened\. .+ Nothing was looked up\.$/)
    }
    expect(accounts.selected).toEqual([])
  })
})

describe('createLinkInbox', () => {
  function connected(inbox = createLinkInbox()) {
    const sent: LinkDelivery[] = []
    const accounts = fakeAccounts()
    inbox.connect({ accounts, activeEnvironment: () => 'local', emit: (d) => sent.push(d) })
    return { inbox, sent, accounts }
  }

  it('keeps a link that came before the core existed and gives it to the window once, when it asks', async () => {
    const inbox = createLinkInbox()
    inbox.receiveArgv(['app', 'payments-desk://payment/pay_early?account=Shop%20DE'])
    const { sent, accounts } = connected(inbox)
    expect(await inbox.take()).toEqual({ id: 'pay_early', environment: 'local', account: { id: 'shop-de', name: 'Shop DE' } })
    expect(accounts.selected).toEqual(['local/shop-de'])
    expect(await inbox.take()).toBeNull()
    expect(sent, 'not also sent as an event').toEqual([])
  })

  it('keeps a link that came before the window listened, and only the last one of several', async () => {
    const { inbox, sent } = connected()
    inbox.receive('payments-desk://payment/pay_a')
    inbox.receive('payments-desk://payment/pay_b')
    expect(await inbox.take()).toMatchObject({ id: 'pay_b' })
    expect(sent).toEqual([])
  })

  it('sends later links as events, and keeps them again while the window reloads', async () => {
    const { inbox, sent } = connected()
    expect(await inbox.take()).toBeNull()
    inbox.receive('payments-desk://payment/pay_live')
    await expect.poll(() => sent.length).toBe(1)
    expect(sent[0]).toEqual({ ok: true, value: { id: 'pay_live', environment: 'local', account: null } })
    inbox.detach()
    inbox.receive('payments-desk://payment/pay_reload')
    expect(await inbox.take()).toMatchObject({ id: 'pay_reload' })
    expect(sent).toHaveLength(1)
  })

  it('answers a refused link kept for the window as its error', async () => {
    const { inbox } = connected()
    inbox.receive('payments-desk://payment/pay_1#x')
    await expect(inbox.take()).rejects.toMatchObject({ code: 'link-invalid' })
    expect(await inbox.take()).toBeNull()
  })

  it('reports an accounts service that fails unexpectedly, and tells the window the link was not opened', async () => {
    const errors: unknown[] = []
    const inbox = createLinkInbox((error) => errors.push(error))
    const sent: LinkDelivery[] = []
    inbox.connect({
      accounts: { findAccount: () => ({ id: 'x', name: 'X' }), selectAccount: () => Promise.reject(new Error('disk on fire')) },
      activeEnvironment: () => 'local',
      emit: (d) => sent.push(d),
    })
    await inbox.take()
    inbox.receive('payments-desk://payment/pay_1?account=X')
    await expect.poll(() => sent.length).toBe(1)
    expect(sent[0]).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(errors).toHaveLength(1)
  })
})
