import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileDialogs } from '../../../src/main/services/batch-service'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'

describe('opening a file of payment IDs', () => {
  let fixture: CoreFixture
  let dir: string
  const chosen: { path: string | null } = { path: null }
  const dialogs: FileDialogs = {
    chooseIdFile: () => Promise.resolve(chosen.path),
    chooseExportPath: () => Promise.resolve(null),
  }

  beforeAll(async () => {
    fixture = await startCoreFixture({ dialogs })
    dir = await mkdtemp(join(tmpdir(), 'payments-desk-ids-'))
  })
  afterAll(async () => {
    await fixture.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('reads the IDs of a CSV export, with its header, duplicates and blanks', async () => {
    chosen.path = join(dir, 'march.csv')
    await writeFile(
      chosen.path,
      '\uFEFFdate,Payment ID,amount\r\n2024-03-01,pay_bulk_000001,10\r\n2024-03-02,pay_bulk_000002,20\r\n2024-03-02,pay_bulk_000001,10\r\n2024-03-03,,5\r\n',
    )
    expect(await fixture.ok('batchOpenFile', {})).toEqual({
      fileName: 'march.csv',
      parsed: {
        ids: ['pay_bulk_000001', 'pay_bulk_000002'],
        duplicates: 1,
        invalid: [],
        blankLines: [5],
        format: 'csv',
        column: 'Payment ID',
      },
    })
  })

  it('answers null when the dialog is closed without a choice', async () => {
    chosen.path = null
    expect(await fixture.ok('batchOpenFile', {})).toBeNull()
  })

  it('refuses a file over 20 MB without reading it', async () => {
    chosen.path = join(dir, 'huge.csv')
    await writeFile(chosen.path, '')
    await truncate(chosen.path, 21 * 1024 * 1024)
    expect(await fixture.call('batchOpenFile', {})).toEqual({
      ok: false,
      error: { code: 'id-file-too-large', message: 'That file is 21 MB; a list of IDs over 20 MB is more than one batch should hold.' },
    })
  })

  it('says which file could not be read when it is gone by the time it is opened', async () => {
    chosen.path = join(dir, 'moved-away.csv')
    expect(await fixture.call('batchOpenFile', {})).toEqual({
      ok: false,
      error: { code: 'storage', message: 'Could not read moved-away.csv because it no longer exists.' },
    })
  })
})
