import { describe, expect, it } from 'vitest'
import { modKeyLabel } from '../../../src/renderer/src/format/mod-key'

describe('modKeyLabel', () => {
  it('names Cmd on a Mac, where mod+K is Cmd+K', () => {
    expect(
      modKeyLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) PaymentsDesk/0.1.0 Chrome/140.0 Electron/45.4.1 Safari/537.36',
      ),
    ).toBe('Cmd')
  })

  it('names Ctrl on Windows and Linux', () => {
    expect(
      modKeyLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Electron/45.4.1 Safari/537.36',
      ),
    ).toBe('Ctrl')
    expect(
      modKeyLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Electron/45.4.1 Safari/537.36'),
    ).toBe('Ctrl')
  })
})
