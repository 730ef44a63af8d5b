import type { InvokeResponse } from '../../../src/shared/contract/channels'
import { defaultSettings } from '../../../src/shared/contract/settings-schema'
import type { EnvironmentId } from '../../../src/shared/environments'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import type { PolicyView } from '../../../src/shared/contract/policy-schema'
import { noPolicyView } from '../../../src/shared/policy/no-policy'

export const checkoutUrl = 'http://127.0.0.1:4010/checkout/pay_abcdefghijklmnopqrstuv'

export function createdCheckout(environment: EnvironmentId = 'local'): InvokeResponse<'createCheckout'> {
  const payment = {
    id: 'pay_abcdefghijklmnopqrstuv',
    status: 'pending',
    amount: 15_900,
    currency: 'EUR',
    customerEmail: 'ada@example.com',
    checkoutUrl,
    createdAt: '2025-03-01T10:00:00.000Z',
  }
  return {
    environment,
    payment,
    raw: {
      ...payment,
      products: [
        { name: 'Team seat', price: 1500, quantity: 4 },
        { name: 'Onboarding call', price: 9900, quantity: 1 },
      ],
    },
  }
}

export function useEnvironment(activeEnvironment: EnvironmentId, policy: PolicyView = noPolicyView): void {
  useConnection.setState({
    view: {
      settings: { ...defaultSettings, activeEnvironment },
      environments: [
        {
          id: 'local',
          label: 'Local sandbox',
          baseUrl: 'http://127.0.0.1:4010',
          hasKey: true,
          managed: true,
          accounts: [{ id: 'default', name: 'Default', hasKey: true }],
          activeAccount: 'default',
        },
        {
          id: 'production',
          label: 'Production',
          baseUrl: 'https://api.example.com',
          hasKey: true,
          managed: false,
          accounts: [{ id: 'default', name: 'Default', hasKey: true }],
          activeAccount: 'default',
        },
        {
          id: 'operator',
          label: 'Operator sandbox',
          baseUrl: null,
          hasKey: false,
          managed: false,
          accounts: [{ id: 'default', name: 'Default', hasKey: false }],
          activeAccount: 'default',
        },
      ],
      notice: null,
      policy,
    },
  })
}
