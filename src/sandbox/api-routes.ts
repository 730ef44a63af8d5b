import type { IncomingMessage, ServerResponse } from 'node:http'
import { validateCheckout } from './checkout-validation'
import { HttpError, readJsonObject, sendJson } from './http-io'
import { checkIdSegment } from './ids'
import type { MerchantId } from './merchants'
import { maxEndpoints, type SandboxState } from './sandbox-state'
import { validateWebhook } from './webhook-url'

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/** The service's documented endpoints, or undefined when the path is not one of them. */
export function matchApiRoute(
  method: string,
  segments: string[],
  state: SandboxState,
  allowedDeliveryHosts: readonly string[],
  /** Whose key asks: a merchant sees and creates its own payments only. */
  merchant: () => MerchantId,
): RouteHandler | undefined {
  const [, resource, ...rest] = segments
  if (method === 'POST' && resource === 'checkout' && rest.length === 1 && rest[0] === 'payment') {
    return async (req, res) => {
      const checked = await validateCheckout(await readJsonObject(req))
      if (!checked.ok) throw new HttpError(400, checked.messages)
      sendJson(res, 201, state.createPayment(checked.value, merchant()))
    }
  }
  if (method === 'GET' && resource === 'payment' && rest.length === 1) {
    const segment = rest[0] ?? ''
    return (_req, res) => {
      const checked = checkIdSegment(segment)
      if (!checked.ok) throw new HttpError(400, [checked.reason])
      const payment = state.getPayment(checked.id, merchant())
      if (!payment) throw new HttpError(404, `Payment ${checked.id} not found`)
      sendJson(res, 200, payment)
      return Promise.resolve()
    }
  }
  if (method === 'POST' && resource === 'webhook' && rest.length === 0) {
    return async (req, res) => {
      const checked = await validateWebhook(await readJsonObject(req), allowedDeliveryHosts)
      if (!checked.ok) throw new HttpError(400, checked.messages)
      const endpoint = state.registerEndpoint(checked.value.url, checked.value.connect)
      if (!endpoint) {
        throw new HttpError(400, [
          `the sandbox holds at most ${maxEndpoints} webhook endpoints: restart it (or POST /sandbox/reset) to register more`,
        ])
      }
      sendJson(res, 201, endpoint)
    }
  }
  return undefined
}
