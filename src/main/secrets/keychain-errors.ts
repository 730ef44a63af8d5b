import { AppError, type ErrorCode } from '../../shared/app-error'

export type KeychainOperation = 'read' | 'save' | 'delete'

/** keytar itself could not be loaded: the library missing on Linux, or a broken install. */
export function keychainLoadError(error: unknown, platform: NodeJS.Platform): AppError {
  const detail = errorText(error)
  const message =
    platform === 'linux' && /libsecret/i.test(detail)
      ? 'The keychain library (libsecret) is not installed. Install libsecret and GNOME Keyring or KWallet, then try again.'
      : 'Payments Desk could not load its keychain module. Reinstall Payments Desk, then try again.'
  return new AppError('keychain-unavailable', message, { cause: new Error(detail) })
}

interface Classified {
  code: ErrorCode
  message: string
}

const lockedMessage = 'The keychain is locked. Unlock it (log in again, or open your keyring manager) and try again.'

// Matched against the messages keytar passes through from libsecret / GDBus
// (observed), the macOS Security framework and Windows (from their sources).
const rules: readonly { pattern: RegExp; classify: (platform: NodeJS.Platform) => Classified }[] = [
  {
    // gnome-keyring: "Cannot create an item in a locked collection"; D-Bus error name IsLocked.
    pattern: /locked|User canceled|interaction is not allowed/i,
    classify: () => ({ code: 'keychain-locked', message: lockedMessage }),
  },
  {
    // gnome-keyring after its "create a keyring" prompt was dismissed or could not be shown.
    pattern: /does not exist at path\s+\S*\/org\/freedesktop\/secrets\/(collection|aliases)\/[^/\s]+$/,
    classify: () => ({
      code: 'keychain-unavailable',
      message:
        'The keychain has no default keyring to keep secrets in. Open your keyring manager (for example Passwords and Keys), create a keyring and make it the default, then try again.',
    }),
  },
  {
    pattern: /Timeout was reached|NoReply|did not receive a reply/i,
    classify: () => ({
      code: 'keychain-unavailable',
      message:
        'The keychain service (Secret Service over D-Bus) did not respond. Restart GNOME Keyring or KWallet, or log out and in again, then try again.',
    }),
  },
  {
    // No bus ("Cannot autolaunch D-Bus without X11 $DISPLAY", "Could not connect: …",
    // a malformed address) or no Secret Service on it ("The name
    // org.freedesktop.secrets was not provided by any .service files").
    pattern:
      /D-Bus|dbus-launch|Could not connect|\baddress\b|org\.freedesktop\.secrets|ServiceUnknown|keychain could not be found|No keychain is available|logon session does not exist/i,
    classify: (platform) => ({ code: 'keychain-unavailable', message: unavailableMessage(platform) }),
  },
]

function unavailableMessage(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'No keychain is available. Open Keychain Access, make sure your login keychain exists and is the default, then try again.'
    case 'win32':
      return 'Windows Credential Manager is not available in this session. Sign in to Windows with your own account, then try again.'
    default:
      return 'No keychain service is running (Secret Service over D-Bus). Install and start GNOME Keyring or KWallet, then try again.'
  }
}

function refusedMessage(operation: KeychainOperation): string {
  return `The keychain refused to ${operation} the secret. Check in your keyring manager that the keychain is unlocked and working, then try again.`
}

/** A keytar failure as a typed error in words the user can act on, with the secret cut out of its cause. */
export function keychainError(error: unknown, operation: KeychainOperation, platform: NodeJS.Platform, secret?: string): AppError {
  const detail = redact(errorText(error), secret)
  const rule = rules.find(({ pattern }) => pattern.test(detail))
  const { code, message } = rule ? rule.classify(platform) : { code: 'keychain-error' as const, message: refusedMessage(operation) }
  // A fresh cause, so nothing the native error may carry besides its message leaves here.
  return new AppError(code, message, { cause: new Error(detail) })
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[secret]') : text
}
