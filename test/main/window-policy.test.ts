import { describe, expect, it } from 'vitest'
import { appPageUrl } from '../../src/main/app-protocol'
import { externalLinkDecision, isAppUrl, isTrustedSender, permissionDecision, secureWebPreferences } from '../../src/main/window-policy'

describe('secureWebPreferences', () => {
  it('keeps the renderer sandboxed and isolated from Node', () => {
    expect(secureWebPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    })
  })

  it('keeps web security on and insecure content off', () => {
    expect(secureWebPreferences).toMatchObject({
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
    })
  })
})

describe('isAppUrl with the built app on app://', () => {
  const appUrl = appPageUrl

  it.each([
    ['the page itself', appUrl],
    ['the page with a route in the hash', `${appUrl}#/webhooks`],
    ['an asset of the app', 'app://payments-desk/assets/index-abc.js'],
  ])('accepts %s', (_label, url) => {
    expect(isAppUrl(url, appUrl)).toBe(true)
  })

  it.each([
    // Node's URL gives every app:// and foo:// URL the origin "null": comparing origins would pass these.
    ['another custom scheme', 'foo://payments-desk/index.html'],
    ['another host on the app scheme', 'app://evil/index.html'],
    ['the app scheme with no host', 'app:index.html'],
    ['credentials in front of the app host', 'app://user@payments-desk/index.html'],
    ['the built page on file://', 'file:///opt/Payments%20Desk/resources/app.asar/out/renderer/index.html'],
    ['another file', 'file:///etc/passwd'],
    ['an https page', 'https://payments-desk/index.html'],
    ['javascript:', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['garbage', 'not a url'],
    ['an empty string', ''],
  ])('refuses %s', (_label, url) => {
    expect(isAppUrl(url, appUrl)).toBe(false)
  })
})

describe('isAppUrl with the dev server', () => {
  const appUrl = 'http://localhost:5173/'

  it.each([
    ['the root', 'http://localhost:5173/'],
    ['any path of the same origin', 'http://localhost:5173/src/main.tsx?t=1'],
  ])('accepts %s', (_label, url) => {
    expect(isAppUrl(url, appUrl)).toBe(true)
  })

  it.each([
    ['another port', 'http://localhost:5174/'],
    ['https on the same host', 'https://localhost:5173/'],
    ['another host', 'http://127.0.0.1:5173/'],
    ['a look-alike host', 'http://localhost.evil.com:5173/'],
    ['credentials in front of another host', 'http://localhost:5173@evil.com/'],
    ['a file', 'file:///etc/passwd'],
  ])('refuses %s', (_label, url) => {
    expect(isAppUrl(url, appUrl)).toBe(false)
  })
})

describe('isTrustedSender', () => {
  const appUrl = appPageUrl

  it('answers the app window showing the app page', () => {
    expect(isTrustedSender({ fromAppWindow: true, frameUrl: `${appUrl}#/settings` }, appUrl)).toBe(true)
  })

  it.each([
    ['another webContents showing the app page', { fromAppWindow: false, frameUrl: appUrl }],
    ['the app window after it navigated elsewhere', { fromAppWindow: true, frameUrl: 'https://evil.example.com/' }],
    ['a local file in the app window', { fromAppWindow: true, frameUrl: 'file:///tmp/evil.html' }],
    ['another custom scheme in the app window', { fromAppWindow: true, frameUrl: 'evil://payments-desk/index.html' }],
    ['a frame whose URL is unknown (destroyed or navigating)', { fromAppWindow: true, frameUrl: undefined }],
  ])('refuses %s', (_label, sender) => {
    expect(isTrustedSender(sender, appUrl)).toBe(false)
  })
})

describe('externalLinkDecision', () => {
  it('asks before opening an https link, with the normalised URL', () => {
    expect(externalLinkDecision('https://docs.example.com/webhooks#signing')).toEqual({
      action: 'confirm',
      url: 'https://docs.example.com/webhooks#signing',
    })
    expect(externalLinkDecision('HTTPS://Docs.Example.com')).toEqual({ action: 'confirm', url: 'https://docs.example.com/' })
  })

  it.each([
    ['http', 'http://example.com/'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,hi'],
    ['mailto', 'mailto:support@example.com'],
    ['an https URL with a user name', 'https://user@example.com/'],
    ['an https URL with a password', 'https://user:pass@example.com/'],
    ['smb', 'smb://fileserver/share'],
    ['garbage', 'https//example.com'],
    ['an empty string', ''],
  ])('denies %s', (_label, url) => {
    expect(externalLinkDecision(url)).toEqual({ action: 'deny' })
  })
})

describe('permissionDecision', () => {
  const appUrl = appPageUrl
  const ask = (permission: string, requestingUrl: string | undefined = appUrl, isMainFrame = true) =>
    permissionDecision({ permission, requestingUrl, isMainFrame }, appUrl)

  it('lets the app page write to the clipboard, so the Copy buttons work', () => {
    expect(ask('clipboard-sanitized-write')).toBe(true)
    // A permission check may name only the origin.
    expect(ask('clipboard-sanitized-write', 'app://payments-desk')).toBe(true)
  })

  it('grants the clipboard write to nothing else: another page, a subframe, an unknown asker', () => {
    expect(ask('clipboard-sanitized-write', 'https://evil.example.com/')).toBe(false)
    expect(ask('clipboard-sanitized-write', 'file:///tmp/evil.html')).toBe(false)
    expect(ask('clipboard-sanitized-write', appUrl, false)).toBe(false)
    expect(permissionDecision({ permission: 'clipboard-sanitized-write', requestingUrl: undefined, isMainFrame: true }, appUrl)).toBe(false)
  })

  it.each([
    'clipboard-read',
    'deprecated-sync-clipboard-read',
    'media',
    'notifications',
    'geolocation',
    'openExternal',
    'fileSystem',
    'hid',
    'usb',
    'serial',
    'unknown',
  ])('never grants %s, not even to the app page', (permission) => {
    expect(ask(permission)).toBe(false)
  })
})
