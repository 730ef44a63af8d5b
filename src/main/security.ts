import { dialog, protocol, shell, type BrowserWindow, type Session } from 'electron'
import { appScheme, createAppProtocolHandler } from './app-protocol'
import { externalLinkDecision, isAppUrl, permissionDecision } from './window-policy'

/**
 * Declares app:// a standard, secure scheme (an origin of its own, relative URLs,
 * ES modules). Electron accepts this once and only before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } }])
}

/** Serves the built renderer folder on app:// in this session. */
export function serveApp(session: Session, rendererDir: string): void {
  session.protocol.handle(appScheme, createAppProtocolHandler(rendererDir))
}

async function openAfterConfirm(window: BrowserWindow, url: string): Promise<void> {
  const { response } = await dialog.showMessageBox(window, {
    type: 'question',
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: 'Open this link in your browser?',
    detail: url,
  })
  if (response === 0) await shell.openExternal(url)
}

function handleExternal(window: BrowserWindow, url: string): void {
  const decision = externalLinkDecision(url)
  if (decision.action === 'confirm') void openAfterConfirm(window, decision.url)
}

/** Applies every window restriction in one place: navigation, new windows, webviews, permissions. */
export function hardenWindow(window: BrowserWindow, appUrl: string): void {
  const contents = window.webContents
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, appUrl)) return
    event.preventDefault()
    handleExternal(window, url)
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault()
  })
  contents.setWindowOpenHandler(({ url }) => {
    handleExternal(window, url)
    return { action: 'deny' }
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
  })
}

export function hardenSession(session: Session, appUrl: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionDecision({ permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame }, appUrl))
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionDecision({ permission, requestingUrl: details.requestingUrl ?? requestingOrigin, isMainFrame: details.isMainFrame }, appUrl),
  )
}
