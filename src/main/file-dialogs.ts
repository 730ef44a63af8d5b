import { join } from 'node:path'
import { app, dialog, type BrowserWindow } from 'electron'
import type { FileDialogs } from './services/batch-service'

/** The native open and save dialogs, run in the main process so paths never come from the renderer. */
export function electronDialogs(window: () => BrowserWindow | null): FileDialogs {
  return {
    async chooseIdFile() {
      const options = {
        title: 'Open a list of payment IDs',
        properties: ['openFile' as const],
        filters: [
          { name: 'CSV or text', extensions: ['csv', 'txt', 'tsv'] },
          { name: 'All files', extensions: ['*'] },
        ],
      }
      const parent = window()
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async chooseExportPath(defaultName, title) {
      const options = { title: title ?? 'Export batch results', defaultPath: join(app.getPath('documents'), defaultName) }
      const parent = window()
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options)
      return result.canceled ? null : result.filePath
    },
  }
}
