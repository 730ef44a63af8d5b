import type { Configuration } from 'electron-builder'
import { linkScheme } from './src/shared/links/payment-link'

/**
 * Fuses are bits in the Electron binary, flipped at packaging time before signing, so
 * a signed build cannot be talked out of them. Each one here closes a way to run code
 * in the app's process without going through the app (SECURITY.md, checklist item 19).
 */
export const fuses = {
  // ELECTRON_RUN_AS_NODE=1 would turn the signed binary into a plain Node runtime.
  runAsNode: false,
  // NODE_OPTIONS=--require ... would load any script into the main process.
  enableNodeOptionsEnvironmentVariable: false,
  // --inspect would attach a debugger to the process that holds the keys.
  enableNodeCliInspectArguments: false,
  // The app's code is read from app.asar only, and its hash is checked (macOS, Windows).
  onlyLoadAppFromAsar: true,
  enableEmbeddedAsarIntegrityValidation: true,
  enableCookieEncryption: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  // The renderer comes from app://, so file:// pages need no extra privileges.
  grantFileProtocolExtraPrivileges: false,
  // Every fuse electron-builder knows is decided here: a new one fails the typecheck until it is.
} as const satisfies Required<Omit<NonNullable<Configuration['electronFuses']>, 'resetAdHocDarwinSignature'>>

const config: Configuration = {
  appId: 'com.payments-desk.app',
  productName: 'Payments Desk',
  directories: { buildResources: 'resources', output: 'dist' },
  files: ['out/**', 'resources/**', 'package.json'],
  asar: true,
  // keytar's native module must be a real file on disk to be loaded.
  asarUnpack: ['**/*.node'],
  electronFuses: fuses,
  // payments-desk://payment/<id> links open the app (macOS Info.plist, Windows registry, Linux .desktop MimeType).
  protocols: [{ name: 'Payments Desk payment link', schemes: [linkScheme] }],
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Finance',
    icon: 'resources/icon.png',
    executableName: 'payments-desk',
    maintainer: 'Payments Desk',
  },
  // keytar talks to the Secret Service through libsecret.
  deb: { depends: ['libsecret-1-0'] },
  mac: { target: 'dmg', category: 'public.app-category.finance', hardenedRuntime: true },
  win: { target: 'nsis' },
}

export default config
