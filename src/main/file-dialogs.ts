import { join } from 'node:path'
import { app, dialog, shell, type BrowserWindow } from 'electron'
import type { FileDialogs } from './services/batch-service'
import type { ProductionConfirm } from './services/production-guard'
import type { SupportShell } from './services/support-service'

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

/**
 * The confirmation before a write to Production: a native dialog of the main process, so
 * nothing in the renderer can answer it. Cancel is the default and the Escape answer, so
 * Enter or Escape never writes.
 */
export function electronProductionConfirm(window: () => BrowserWindow | null): ProductionConfirm {
  return {
    async confirmProductionWrite({ action, summary, confirmLabel }) {
      const options = {
        type: 'warning' as const,
        title: 'Production',
        message: `${action}?`,
        detail: `${summary}\n\nThis reaches real customers.`,
        buttons: ['Cancel', confirmLabel],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      }
      const parent = window()
      const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
      return response === 1
    },
  }
}

/** The file manager, for "Open logs folder": only the folder main names, never a path from the renderer. */
export function electronShell(): SupportShell {
  return {
    async openFolder(path) {
      // openPath answers an error message, empty when the folder was shown.
      const problem = await shell.openPath(path)
      if (problem) throw new Error(problem)
    },
  }
}
