import { describe, expect, it } from 'vitest'
import config, { fuses } from '../../electron-builder.config'
import { linkScheme } from '../../src/shared/links/payment-link'

// The packaged app's fuses, as electron-builder will flip them. What each one closes is
// in electron-builder.config.ts and SECURITY.md (item 19).

describe('the packaging configuration', () => {
  it('flips the fuses it declares', () => {
    expect(config.electronFuses).toBe(fuses)
  })

  it.each([
    ['ELECTRON_RUN_AS_NODE', 'runAsNode'],
    ['NODE_OPTIONS', 'enableNodeOptionsEnvironmentVariable'],
    ['--inspect and its kin', 'enableNodeCliInspectArguments'],
    ['extra privileges for file:// pages', 'grantFileProtocolExtraPrivileges'],
  ] as const)('turns off %s', (_label, fuse) => {
    expect(fuses[fuse]).toBe(false)
  })

  it('loads the app only from its archive, checking its integrity', () => {
    expect(fuses).toMatchObject({ onlyLoadAppFromAsar: true, enableEmbeddedAsarIntegrityValidation: true })
    expect(config.asar).toBe(true)
  })

  it('registers the payments-desk:// scheme the link parser reads, so a clicked link opens the app', () => {
    expect(config.protocols).toEqual([{ name: 'Payments Desk payment link', schemes: [linkScheme] }])
    expect(linkScheme).toBe('payments-desk')
  })

  it('ships the built app and keeps the native keychain module loadable', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json']))
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/*.node']))
  })
})
