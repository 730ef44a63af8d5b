import type { Dispatcher } from '../ipc/dispatcher'
import type { AppLog } from './app-log'

/**
 * Every failure the renderer is answered with, written to the log as well: what the user
 * saw on screen is then in the file and the diagnostics a support ticket carries.
 * Internal errors are not repeated here: they reach the log whole, stack and all.
 */
export function logFailures(dispatcher: Dispatcher, log: AppLog): Dispatcher {
  return {
    channels: dispatcher.channels,
    async dispatch(name, sender, payload) {
      const result = await dispatcher.dispatch(name, sender, payload)
      if (!result.ok && result.error.code !== 'internal') log.warn(`${name} failed: ${result.error.code}: ${result.error.message}`)
      return result
    },
  }
}
