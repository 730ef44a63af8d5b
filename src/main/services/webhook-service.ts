import { randomUUID } from 'node:crypto'
import { AppError, isAppError } from '../../shared/app-error'
import type { InvokeRequest } from '../../shared/contract/channels'
import {
  webhookRegistrationSchema,
  type LocalEndpoint,
  type SignatureCheckRequest,
  type SignatureCheckResult,
} from '../../shared/contract/webhook-schema'
import { checkEndpointUrl } from '../../shared/webhook-url'
import type { ApiClient } from '../api/api-client'
import { secretRevealedDetail, webhookRegisteredDetail } from '../audit/audit-details'
import { webhookSecretAccount, type SecretStore } from '../secrets/keychain'
import type { EndpointStore } from '../webhooks/endpoint-store'
import type { KnownSecrets } from '../webhooks/known-secrets'
import { createRevealGate } from '../webhooks/reveal-once'
import { secretFingerprint } from '../webhooks/fingerprint'
import { verifySignature } from '../webhooks/verify-signature'
import type { AuditRecorder } from './audit-service'
import { dialogText, type ProductionGuard } from './production-guard'

export interface WebhookService {
  register(request: InvokeRequest<'registerWebhook'>): Promise<LocalEndpoint>
  list(): LocalEndpoint[]
  reveal(endpointId: string): Promise<{ secret: string }>
  verify(request: SignatureCheckRequest): Promise<SignatureCheckResult>
}

const probeAccount = 'probe:webhook-secret'

export function createWebhookService(deps: {
  client: ApiClient
  secrets: SecretStore
  /** Told each new secret, so the service's answers are cleaned of it too. */
  knownSecrets: Pick<KnownSecrets, 'add'>
  endpoints: EndpointStore
  audit: AuditRecorder
  guard: ProductionGuard
  now?: () => number
}): WebhookService {
  const now = deps.now ?? Date.now
  // Secrets the keychain refused after the service had already returned them: kept in
  // this process only, so the admin can still reveal and copy them before quitting.
  const unsaved = new Map<string, string>()
  const gate = createRevealGate({ secrets: deps.secrets, endpoints: deps.endpoints, now })

  async function secretOf(endpointId: string): Promise<string> {
    const endpoint = deps.endpoints.find(endpointId)
    if (!endpoint) throw new AppError('endpoint-not-found', 'No endpoint with this ID was registered from this app.')
    const secret = unsaved.get(endpointId) ?? (await deps.secrets.get(webhookSecretAccount(endpointId)))
    if (!secret) throw new AppError('secret-not-in-keychain', 'The secret of this endpoint is no longer in the keychain.')
    return secret
  }

  return {
    async register({ url, connect }) {
      const checked = checkEndpointUrl(url)
      if (!checked.ok) throw new AppError('invalid-url', checked.message)
      const { target, note: confirmed } = await deps.guard.require({
        action: 'Register a webhook endpoint in Production',
        summary: `The live service will send events about real customers' payments to ${dialogText(checked.url, 300)}. Its signing secret goes straight into this computer's keychain.`,
        confirmLabel: 'Register in Production',
      })
      const { environment, account } = target
      // The service returns the secret once: make sure the keychain can take it before asking.
      await deps.secrets.set(probeAccount, 'probe')
      await deps.secrets.delete(probeAccount)
      // `connect` is the local sandbox's own flag; the real API documents only `url`.
      const body = environment === 'local' ? { url: checked.url, connect } : { url: checked.url }
      const raw = await deps.client.send({
        method: 'POST',
        path: '/api/webhook',
        body,
        priority: 'interactive',
        environment,
        account: account.id,
        // The answer's secret is the one to store, even if the service hands out one it gave before.
        returnsSecret: true,
      })
      const parsed = webhookRegistrationSchema.safeParse(raw)
      if (!parsed.success) {
        throw new AppError(
          'invalid-response',
          'The service registered the endpoint but its answer had no secret. Check the endpoint in the service dashboard.',
        )
      }
      const { secret, id: serviceId } = parsed.data
      deps.knownSecrets.add(secret)
      const endpoint: LocalEndpoint = {
        id: `ep_${randomUUID()}`,
        serviceId: serviceId ?? null,
        url: checked.url,
        environment,
        connect,
        createdAt: now(),
        fingerprint: secretFingerprint(secret),
        secretStored: true,
        revealedAt: null,
      }
      try {
        await deps.secrets.set(webhookSecretAccount(endpoint.id), secret)
      } catch {
        unsaved.set(endpoint.id, secret)
        endpoint.secretStored = false
      }
      // The service has the endpoint and gave its secret once: a list that cannot be saved
      // (a full disk) must not hide it. It stays listed, and revealable, while the app runs.
      let listProblem: AppError | null = null
      try {
        await deps.endpoints.put(endpoint)
      } catch (error) {
        if (!isAppError(error)) throw error
        listProblem = error
      }
      const detail = webhookRegisteredDetail(endpoint)
      await deps.audit.record({
        environment,
        account: account.name,
        action: 'webhook-registered',
        detail: confirmed ? `${detail}; ${confirmed}` : detail,
      })
      if (listProblem) {
        throw new AppError(
          'storage',
          `The endpoint was registered with the service and its signing secret is ${endpoint.secretStored ? 'in the keychain' : 'kept until Payments Desk closes'}, but the list of endpoints could not be saved: ${listProblem.message} The endpoint stays listed until Payments Desk closes: reveal and copy its secret now.`,
        )
      }
      return endpoint
    },

    list: () => deps.endpoints.list(),

    async reveal(endpointId) {
      // Shown once (DESIGN.md): after that the secret is used from the keychain only.
      const { endpoint, secret } = await gate.reveal(endpointId, () => secretOf(endpointId), { durable: !unsaved.has(endpointId) })
      await deps.audit.record({
        environment: endpoint.environment,
        action: 'webhook-secret-revealed',
        detail: secretRevealedDetail(endpoint),
      })
      return { secret }
    },

    async verify(request) {
      const secret = 'endpointId' in request.secret ? await secretOf(request.secret.endpointId) : request.secret.value
      return verifySignature({
        body: request.body,
        hookId: request.hookId,
        hookTimestamp: request.hookTimestamp,
        hookSignature: request.hookSignature,
        secret,
        ignoreTimestamp: request.ignoreTimestamp,
        nowSeconds: Math.floor(now() / 1000),
      })
    },
  }
}
