import type { InvokeResponse } from '../../../src/shared/contract/channels'
import type { LocalEndpoint } from '../../../src/shared/contract/webhook-schema'
import { defaultSettings } from '../../../src/shared/contract/settings-schema'
import type { EnvironmentId } from '../../../src/shared/environments'
import { environmentLabels } from '../../../src/shared/environments'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { noPolicyView } from '../../../src/shared/policy/no-policy'

export function endpoint(overrides: Partial<LocalEndpoint> = {}): LocalEndpoint {
  return {
    id: 'ep_1',
    serviceId: 'we_1',
    url: 'https://hooks.example.com/payments',
    environment: 'local',
    connect: false,
    createdAt: Date.now() - 3 * 3_600_000,
    fingerprint: 'SHA256:abcd ef01 2345 6789',
    secretStored: true,
    revealedAt: null,
    ...overrides,
  }
}

export type Delivery = InvokeResponse<'listSandboxDeliveries'>[number]

export function delivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: 'dlv_1',
    hookId: 'msg_1',
    endpointId: 'we_1',
    localEndpointId: 'ep_1',
    eventType: 'payment.failed',
    paymentId: 'pay_seed_pending_1',
    status: 'delivered',
    attempts: [
      {
        attempt: 1,
        startedAt: new Date(Date.now() - 5_000).toISOString(),
        hookTimestamp: 1_700_000_000,
        durationMs: 12,
        statusCode: 200,
        error: null,
      },
    ],
    nextAttemptAt: null,
    ...overrides,
  }
}

/** Puts the connection store on `environment`, as if getSettings had answered. */
export function setEnvironment(environment: EnvironmentId): void {
  useConnection.setState({
    view: {
      settings: { ...defaultSettings, activeEnvironment: environment },
      environments: (['local', 'production', 'operator'] as const).map((id) => ({
        id,
        label: environmentLabels[id],
        baseUrl: id === 'local' ? 'http://127.0.0.1:1' : null,
        hasKey: true,
        managed: id === 'local',
        accounts: [{ id: 'default', name: 'Default', hasKey: true }],
        activeAccount: 'default',
      })),
      notice: null,
      policy: noPolicyView,
    },
  })
}

/** jsdom has no document.fonts, which Mantine's autosize Textarea listens to. */
export function stubDocumentFonts(): void {
  if ('fonts' in document) return
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  })
}
