// The window's security decisions as plain functions, so they are tested without
// Electron; security.ts applies them to the real window.
import type { Sender } from './ipc/dispatcher'

export const secureWebPreferences = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const

/** The renderer's own page is the only place the window may ever show. */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url)
    const app = new URL(appUrl)
    // Not URL.origin: for a scheme Node does not know (app:) it is "null" for every URL,
    // so any foo:// page would pass. Scheme and host (with its port) say the same safely.
    return target.protocol === app.protocol && target.host === app.host && target.host !== '' && !target.username && !target.password
  } catch {
    return false
  }
}

/** IPC is answered only for the app's own window while it shows the app's own page. */
export function isTrustedSender(sender: Sender, appUrl: string): boolean {
  return sender.fromAppWindow && sender.frameUrl !== undefined && isAppUrl(sender.frameUrl, appUrl)
}

export type ExternalLinkDecision = { action: 'deny' } | { action: 'confirm'; url: string }

/** Only https links leave the app, and only after the user agrees to open them. */
export function externalLinkDecision(url: string): ExternalLinkDecision {
  try {
    const target = new URL(url)
    if (target.protocol !== 'https:' || target.username || target.password) return { action: 'deny' }
    return { action: 'confirm', url: target.toString() }
  } catch {
    return { action: 'deny' }
  }
}

export interface PermissionAsk {
  permission: string
  /** The page asking; a permission check may give only its origin. */
  requestingUrl: string | undefined
  isMainFrame: boolean
}

/**
 * One permission is granted, and only to the app's own page: writing to the clipboard,
 * which every Copy button needs (Chromium asks for it before each
 * navigator.clipboard.writeText, and only within a click). Reading the clipboard,
 * camera, notifications, geolocation and everything else: never.
 */
export function permissionDecision(ask: PermissionAsk, appUrl: string): boolean {
  return (
    ask.permission === 'clipboard-sanitized-write' &&
    ask.isMainFrame &&
    ask.requestingUrl !== undefined &&
    isAppUrl(ask.requestingUrl, appUrl)
  )
}
