import { join } from 'node:path'
import { app, BrowserWindow, session } from 'electron'
import { eventChannel } from '../shared/contract/channels'
import { deliveryHostsVariable, parseDeliveryHosts } from '../sandbox/delivery-hosts'
import { createAppCore, type AppCore } from './app-core'
import { managedPolicyPath } from './policy/policy-path'
import { electronDialogs, electronProductionConfirm, electronShell } from './file-dialogs'
import { consoleLog, createAppLog, type AppLog } from './logging/app-log'
import { registerIpc } from './ipc-registration'
import { createKeytarStore } from './secrets/keychain'
import { linkScheme } from '../shared/links/payment-link'
import { createLinkInbox } from './links/link-inbox'
import { appPageUrl } from './app-protocol'
import { hardenSession, hardenWindow, registerAppScheme, serveApp } from './security'
import { isTrustedSender, secureWebPreferences } from './window-policy'

const rendererDir = join(import.meta.dirname, '../renderer')
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
const appUrl = devServerUrl ?? appPageUrl

let mainWindow: BrowserWindow | null = null
let core: AppCore | null = null
let log: AppLog | null = null
// payments-desk:// links can arrive before anything else exists (macOS sends them before ready).
const links = createLinkInbox((error) => log?.error('A payment link could not be opened', error))

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 1024,
    minHeight: 700,
    title: 'Payments Desk',
    icon: join(import.meta.dirname, '../../resources/icon.png'),
    show: false,
    webPreferences: { ...secureWebPreferences, preload: join(import.meta.dirname, '../preload/index.cjs') },
  })
  hardenWindow(window, appUrl)
  window.once('ready-to-show', () => {
    window.show()
  })
  window.on('closed', () => {
    mainWindow = null
    links.detach()
  })
  // A reloading window no longer listens: links wait until it asks for them again.
  window.webContents.on('did-start-loading', () => {
    links.detach()
  })
  void window.loadURL(appUrl)
  return window
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, appUrl)
  serveApp(session.defaultSession, rendererDir)
  const dataDir = app.getPath('userData')
  // A log that cannot be opened must not stop the app: its errors then go to the console.
  const appLog = await createAppLog({ dir: join(dataDir, 'logs') }).catch((error: unknown) => {
    const fallback = consoleLog()
    fallback.error('The log file could not be opened', error)
    return fallback
  })
  log = appLog
  appLog.info('Payments Desk started', { version: app.getVersion(), electron: process.versions.electron, platform: process.platform })
  // An installed app has no console: a crash is written down first. A monitor, so Electron
  // still handles the crash as before (unhandled rejections arrive here too, as Node throws them).
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    appLog.error(origin === 'unhandledRejection' ? 'Unhandled rejection' : 'Uncaught exception', error)
  })
  const deliveryHosts = parseDeliveryHosts(process.env[deliveryHostsVariable])
  if (deliveryHosts.invalid.length > 0)
    appLog.warn(`${deliveryHostsVariable}: ignored, not host names: ${deliveryHosts.invalid.join(', ')}`)
  core = await createAppCore({
    dataDir,
    secrets: createKeytarStore(),
    localService: 'start',
    sandboxDeliveryHosts: deliveryHosts.hosts,
    dialogs: electronDialogs(() => mainWindow),
    confirm: electronProductionConfirm(() => mainWindow),
    isTrustedSender: (sender) => isTrustedSender(sender, appUrl),
    log: appLog,
    shell: electronShell(),
    versions: { app: app.getVersion(), electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
    links,
    policyPath: managedPolicyPath({ platform: process.platform, env: process.env, packaged: app.isPackaged }),
  })
  registerIpc(core.dispatcher, () => mainWindow)
  core.subscribe((name, payload) => {
    mainWindow?.webContents.send(eventChannel(name), payload)
  })
  mainWindow = createWindow()
}

function bringToFront(): void {
  if (mainWindow?.isMinimized()) mainWindow.restore()
  mainWindow?.focus()
}

registerAppScheme()
// One instance: a second start (a link clicked on Windows or Linux) hands its command line to this one and quits.
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  // An installed app only: a development run would make the bare Electron binary the links' handler.
  if (app.isPackaged) app.setAsDefaultProtocolClient(linkScheme)
  links.receiveArgv(process.argv)
  app.on('second-instance', (_event, argv) => {
    links.receiveArgv(argv)
    bringToFront()
  })
  // macOS hands a clicked link to the running app, or to the one it is starting for.
  app.on('open-url', (event, url) => {
    event.preventDefault()
    links.receive(url)
    bringToFront()
  })
  void app.whenReady().then(start)
  app.on('window-all-closed', () => {
    app.quit()
  })
  app.on('will-quit', (event) => {
    if (!core) return
    // Closes the in-process sandbox before the process ends.
    event.preventDefault()
    const closing = core
    core = null
    void closing
      .close()
      .catch((error: unknown) => log?.error('Closing failed', error))
      .finally(async () => {
        await log?.close()
        app.quit()
      })
  })
}
