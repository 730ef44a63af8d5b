import { z } from 'zod'
import { AppError } from '../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../shared/contract/channels'
import { sandboxDeliverySchema } from '../../shared/contract/webhook-schema'
import { checkPaymentId } from '../../shared/payment-id'
import type { ApiClient } from '../api/api-client'
import type { SettingsStore } from '../settings/settings-store'
import type { EndpointStore } from '../webhooks/endpoint-store'
import { describeShapeError } from './shape-error'

export interface SandboxService {
  sendTestEvent(request: InvokeRequest<'sendTestEvent'>): Promise<InvokeResponse<'sendTestEvent'>>
  deliveries(request: InvokeRequest<'listSandboxDeliveries'>): Promise<InvokeResponse<'listSandboxDeliveries'>>
}

/** The local sandbox's own controls (test events, deliveries), through the one API client. */
export function createSandboxService(deps: { client: ApiClient; settings: SettingsStore; endpoints: EndpointStore }): SandboxService {
  function requireLocal(): void {
    if (deps.settings.get().activeEnvironment !== 'local') {
      throw new AppError('sandbox-only', 'Test events and the delivery list exist only on the local sandbox: switch to it in Settings.')
    }
  }

  return {
    async sendTestEvent({ type, paymentId, code }) {
      requireLocal()
      const checked = checkPaymentId(paymentId)
      if (!checked.ok) throw new AppError('invalid-id', checked.message)
      const action = type === 'payment.failed' ? 'fail' : 'settle'
      await deps.client.send({
        method: 'POST',
        path: `/sandbox/payments/${encodeURIComponent(checked.id)}/${action}`,
        body: type === 'payment.failed' ? { code: code ?? 'card_declined' } : {},
        priority: 'interactive',
        environment: 'local',
      })
      return { type, paymentId: checked.id }
    },

    async deliveries({ endpointId }) {
      requireLocal()
      const local = deps.endpoints.list().filter((e) => e.environment === 'local' && e.serviceId !== null)
      const serviceId = endpointId ? local.find((e) => e.id === endpointId)?.serviceId : undefined
      const query = serviceId ? `?endpointId=${encodeURIComponent(serviceId)}` : ''
      const raw = await deps.client.send({
        method: 'GET',
        path: `/sandbox/deliveries${query}`,
        priority: 'interactive',
        environment: 'local',
      })
      const parsed = z.array(sandboxDeliverySchema).safeParse(raw)
      if (!parsed.success) throw describeShapeError('delivery list', parsed.error)
      const byServiceId = new Map(local.map((e) => [e.serviceId, e.id]))
      return parsed.data
        .filter((delivery) => byServiceId.has(delivery.endpointId))
        .map((delivery) => ({ ...delivery, localEndpointId: byServiceId.get(delivery.endpointId) ?? null }))
    },
  }
}
