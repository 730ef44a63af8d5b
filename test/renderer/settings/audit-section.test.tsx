import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { AuditSection } from '../../../src/renderer/src/views/settings/audit-section'
import { SettingsView } from '../../../src/renderer/src/views/settings/settings-view'
import { installFakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { auditEntry, auditList } from './audit-fixtures'
import { installFakeSettings } from './fake-settings'

const entries = [
  auditEntry(1, {
    environment: 'production',
    action: 'key-set',
    detail: 'Stored a private key for Production (SHA256:ab12 cd34 ef56 7890).',
  }),
  auditEntry(2, {
    environment: 'production',
    action: 'environment-switched',
    detail: 'Switched from Local sandbox to Production.',
    user: 'grace',
  }),
  auditEntry(3, { action: 'checkout-created', detail: 'Created payment pay_1: 3000 EUR (minor units), customer g***@example.org.' }),
]

function rows(): HTMLElement[] {
  return within(screen.getByTestId('audit-table')).getAllByRole('row').slice(1)
}

describe('the audit log section', () => {
  it('says the chain is intact and lists the entries newest first: when, user, environment, action, detail', async () => {
    const api = installFakeApi()
    api.handle('auditList', () => auditList(entries))
    renderWithProviders(<AuditSection />)
    expect(await screen.findByText('Intact: 3 entries, keyed chain verified')).toBeInTheDocument()
    expect(screen.getByTestId('audit-verdict')).toHaveAttribute('data-ok', 'true')
    const [newest, middle, oldest] = rows()
    if (!newest || !middle || !oldest) throw new Error('three rows expected')
    const local = new Date(entries[2]?.at ?? '').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' })
    expect(
      within(newest)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '3',
      local,
      'ada',
      'Local sandbox',
      // An entry from before accounts names none.
      '',
      'Checkout created',
      'Created payment pay_1: 3000 EUR (minor units), customer g***@example.org.',
    ])
    expect(within(newest).getByText(local)).toHaveAttribute('title', entries[2]?.at)
    expect(within(middle).getByText('grace')).toBeInTheDocument()
    expect(within(middle).getByText('Environment switched')).toBeInTheDocument()
    expect(within(oldest).getByText('Production')).toBeInTheDocument()
    expect(within(oldest).getByText('Key stored')).toBeInTheDocument()
  })

  it('lists every problem in red and marks the entries they name', async () => {
    const api = installFakeApi()
    api.handle('auditList', () =>
      auditList(entries, {
        verification: {
          ok: false,
          problems: [
            { seq: 2, line: 2, message: 'Entry 2 was changed after it was written.' },
            { seq: 4, line: null, message: 'The log ends at entry 3, but entry 4 was recorded: entries were removed from the end.' },
          ],
        },
      }),
    )
    renderWithProviders(<AuditSection />)
    const verdict = await screen.findByTestId('audit-verdict')
    expect(verdict).toHaveAttribute('data-ok', 'false')
    expect(within(verdict).getByText('The audit log failed its check: 2 problems')).toBeInTheDocument()
    expect(within(verdict).getByText('Entry 2 was changed after it was written.')).toBeInTheDocument()
    expect(within(verdict).getByText(/entries were removed from the end/)).toBeInTheDocument()
    expect(screen.queryByText(/Intact/)).not.toBeInTheDocument()
    expect(rows().map((row) => row.getAttribute('data-problem'))).toEqual([null, 'true', null])
  })

  it('points out problems found earlier that the log recorded about itself', async () => {
    const api = installFakeApi()
    api.handle('auditList', () =>
      auditList([
        ...entries,
        auditEntry(4, { action: 'audit-problem', detail: "The app's record of the log's end (audit.head) is missing." }),
      ]),
    )
    renderWithProviders(<AuditSection />)
    expect(await screen.findByText(/1 problem found earlier is recorded in the log, marked in red below/)).toBeInTheDocument()
    expect(rows()[0]).toHaveAttribute('data-problem', 'true')
    expect(within(rows()[0] ?? document.body).getByText('Audit log problem')).toBeInTheDocument()
  })

  it('says when nothing is recorded yet, and when the list is only the newest part', async () => {
    const api = installFakeApi()
    api.handle('auditList', () => auditList([]))
    const { unmount } = renderWithProviders(<AuditSection />)
    expect(await screen.findByText(/Nothing recorded yet/)).toBeInTheDocument()
    expect(screen.queryByTestId('audit-table')).not.toBeInTheDocument()
    unmount()
    api.handle('auditList', () => ({ ...auditList(entries), total: 1_500 }))
    renderWithProviders(<AuditSection />)
    expect(await screen.findByText('Showing the newest 3 of 1,500 entries; the export has them all.')).toBeInTheDocument()
  })

  it('shows actions whose entries could not be written yet', async () => {
    const api = installFakeApi()
    api.handle('auditList', () =>
      auditList(entries, {
        unwritten: [
          {
            at: '2026-03-01T10:00:00.000Z',
            environment: 'production',
            action: 'key-deleted',
            detail: 'Deleted the private key of Production.',
            reason: 'The audit log could not be written because the disk is full.',
          },
        ],
      }),
    )
    renderWithProviders(<AuditSection />)
    const alert = await screen.findByTestId('audit-unwritten')
    expect(within(alert).getByText('1 entry is not written yet')).toBeInTheDocument()
    expect(alert).toHaveTextContent('the disk is full')
    expect(alert).toHaveTextContent('Key deleted: Deleted the private key of Production.')
  })

  it('exports CSV and JSON through the main process, and says where, or that nothing was written', async () => {
    const api = installFakeApi()
    api.handle('auditList', () => auditList(entries))
    api.handle('auditExport', ({ format }) => ({ path: `/home/ada/audit.${format}` }))
    renderWithProviders(<AuditSection />)
    const user = userEvent.setup()
    await screen.findByTestId('audit-table')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('/home/ada/audit.csv')).toBeInTheDocument()
    expect(screen.getByText('Exported as CSV')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Export JSON' }))
    expect(await screen.findByText('/home/ada/audit.json')).toBeInTheDocument()
    expect(api.calls('auditExport')).toEqual([{ format: 'csv' }, { format: 'json' }])

    api.handle('auditExport', () => ({ path: null }))
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('Export cancelled: no file was written.')).toBeInTheDocument()
    api.fail('auditExport', { code: 'storage', message: 'Could not write audit.csv because the disk is full. Nothing was exported.' })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await within(screen.getByTestId('audit-export-outcome')).findByRole('alert')).toHaveTextContent('Not exported')
    expect(screen.getByTestId('audit-export-outcome')).toHaveTextContent('the disk is full')
  })

  it('offers a retry when the log cannot be read, and checks again on request', async () => {
    const api = installFakeApi()
    api.fail('auditList', { code: 'storage', message: 'The audit log could not be read because the data folder is read-only.' })
    renderWithProviders(<AuditSection />)
    expect(await screen.findByText('The audit log could not be read because the data folder is read-only.')).toBeInTheDocument()
    api.handle('auditList', () => auditList(entries.slice(0, 1)))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Intact: 1 entry, keyed chain verified')).toBeInTheDocument()
    api.handle('auditList', () => auditList(entries))
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    expect(await screen.findByText('Intact: 3 entries, keyed chain verified')).toBeInTheDocument()
  })

  it('sits at the end of Settings and reads the log again after a settings change', async () => {
    const fake = installFakeSettings()
    let recorded = entries.slice(0, 1)
    fake.api.handle('auditList', () => auditList(recorded))
    await useConnection.getState().load()
    renderWithProviders(<SettingsView />)
    const sections = await screen.findAllByRole('region')
    expect(sections.at(-1)).toHaveAccessibleName('Audit log')
    expect(await screen.findByText('Intact: 1 entry, keyed chain verified')).toBeInTheDocument()
    recorded = entries
    await useConnection.getState().update({ activeEnvironment: 'production' })
    await waitFor(() => {
      expect(screen.getByText('Intact: 3 entries, keyed chain verified')).toBeInTheDocument()
    })
  })
})
