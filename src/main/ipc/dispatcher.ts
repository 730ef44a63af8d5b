import type { z } from 'zod'
import { AppError, isAppError } from '../../shared/app-error'
import { handlerDeclares } from '../../shared/contract/channel-errors'
import { invokeContract, type InvokeContract, type InvokeName, type InvokeResponse } from '../../shared/contract/channels'
import type { IpcResult } from '../../shared/contract/ipc-result'
import type { PolicyGate } from '../policy/policy-gate'

export type Handlers = {
  [N in InvokeName]: (request: z.output<InvokeContract[N]['request']>) => Promise<InvokeResponse<N>>
}

export interface Sender {
  /** The URL of the frame that sent the message. */
  frameUrl: string | undefined
  /** Whether the message came from the app's own window (not a devtools or other webContents). */
  fromAppWindow: boolean
}

export interface Dispatcher {
  readonly channels: readonly InvokeName[]
  dispatch(name: InvokeName, sender: Sender, payload: unknown): Promise<IpcResult<unknown>>
}

interface ChannelSchemas {
  request: z.ZodType
  response: z.ZodType
}

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && 'safeParse' in value && typeof value.safeParse === 'function'
}

// zod names unknown keys in its messages: a renderer that sends a megabyte-long key
// must not get it back in the error, nor see it in a notification.
const maxIssueChars = 200

function shorten(text: string): string {
  const chars = Array.from(text)
  return chars.length > maxIssueChars ? `${chars.slice(0, maxIssueChars).join('')}…` : text
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => shorten(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}

/**
 * The one wrapper every channel goes through: checks the sender, parses the request
 * from `unknown`, calls the handler, checks the response, and returns errors as data.
 * A handler without a request and a response schema cannot be registered.
 */
export function createDispatcher(
  handlers: Handlers,
  options: {
    isTrustedSender: (sender: Sender) => boolean
    contract?: Record<string, unknown>
    onInternalError?: (error: unknown) => void
    /** The managed policy: who may call a channel, and which requests change what it fixes. */
    gate?: PolicyGate
  },
): Dispatcher {
  const contract: Record<string, unknown> = options.contract ?? invokeContract
  // A test's own contract declares no error lists.
  const declares = options.contract ? () => true : handlerDeclares
  const table = new Map<string, { schemas: ChannelSchemas; handler: (request: unknown) => Promise<unknown> }>()
  for (const [name, handler] of Object.entries(handlers) as [string, (request: unknown) => Promise<unknown>][]) {
    const entry = contract[name] as Partial<ChannelSchemas> | undefined
    if (!entry || !isSchema(entry.request) || !isSchema(entry.response)) {
      throw new Error(`IPC channel "${name}" has no request and response schema in the contract: it cannot be registered.`)
    }
    table.set(name, { schemas: { request: entry.request, response: entry.response }, handler })
  }
  for (const name of Object.keys(contract)) {
    if (!table.has(name)) throw new Error(`IPC channel "${name}" is in the contract but has no handler.`)
  }

  return {
    channels: [...table.keys()] as InvokeName[],
    async dispatch(name, sender, payload) {
      const channel = table.get(name)
      if (!channel) return { ok: false, error: { code: 'forbidden', message: `Unknown channel ${name}.` } }
      if (!options.isTrustedSender(sender)) {
        return { ok: false, error: { code: 'forbidden', message: 'Request refused: it did not come from the Payments Desk window.' } }
      }
      const refusedChannel = options.gate?.channel(name)
      if (refusedChannel) return { ok: false, error: refusedChannel.toShape() }
      const request = channel.schemas.request.safeParse(payload)
      if (!request.success) {
        return { ok: false, error: { code: 'validation', message: `Invalid request: ${describeIssues(request.error)}` } }
      }
      const refusedRequest = options.gate?.request(name, request.data)
      if (refusedRequest) return { ok: false, error: refusedRequest.toShape() }
      try {
        const value = await channel.handler(request.data)
        const response = channel.schemas.response.safeParse(value)
        if (!response.success) throw new Error(`Response of ${name} does not match its schema: ${describeIssues(response.error)}`)
        return { ok: true, value: response.data }
      } catch (error) {
        if (isAppError(error)) {
          // Still answered as it is: the user is better served by the real reason. The
          // report makes the missing declaration fail the tests.
          if (!declares(name, error.code))
            options.onInternalError?.(
              new Error(`Channel ${name} answered the error code "${error.code}", which it does not declare in channel-errors.ts.`),
            )
          return { ok: false, error: error.toShape() }
        }
        options.onInternalError?.(error)
        return {
          ok: false,
          error: new AppError(
            'internal',
            'Something went wrong inside Payments Desk. Try again; if it keeps happening, restart the app.',
          ).toShape(),
        }
      }
    },
  }
}
