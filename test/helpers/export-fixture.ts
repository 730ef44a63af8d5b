import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileDialogs } from '../../src/main/services/batch-service'
import { startCoreFixture, type CoreFixture } from './app-core-fixture'

/** A core whose save dialog answers the file the test names last, in a temporary folder of its own. */
export interface ExportFixture {
  fixture: CoreFixture
  /** The next export goes to this file; its path. */
  exportTo(name: string): string
  close(): Promise<void>
}

export async function startExportFixture(prefix: string): Promise<ExportFixture> {
  let exportPath = ''
  const dialogs: FileDialogs = { chooseIdFile: () => Promise.resolve(null), chooseExportPath: () => Promise.resolve(exportPath) }
  const fixture = await startCoreFixture({ dialogs })
  const outDir = await mkdtemp(join(tmpdir(), prefix))
  return {
    fixture,
    exportTo(name) {
      exportPath = join(outDir, name)
      return exportPath
    },
    async close() {
      await fixture.close()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
