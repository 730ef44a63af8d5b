import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkEndpointUrl } from '../../src/shared/webhook-url'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { apiClient, type ApiClient } from '../helpers/sandbox-client'

// The Webhooks form's check and the sandbox (the service's IsUrl() plus its own https rule)
// give the same verdict on every address, so the form never sends what the service refuses
// for a reason it could see. The remote hosts are allowed for delivery, which is the
// sandbox's own rule and not the service's.

const remote = ['hooks.example.com', 'xn--bcher-kva.example', 'bücher.example', '[2001:db8::1]']
let sandbox: RunningSandbox
let api: ApiClient
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 }, allowedDeliveryHosts: remote })
  api = apiClient(sandbox)
})
afterAll(() => sandbox.close())

const urls = [
  ...['https://hooks.example.com/in', 'https://hooks.example.com:8443/in?x=1', 'http://hooks.example.com/in'],
  ...['http://127.0.0.1:3000/hooks', 'http://127.0.0.2/hooks', 'http://[::1]:3000/hooks', 'https://127.0.0.1/hooks'],
  ...['http://localhost:3000/hooks', 'https://localhost/hooks', 'https://intranet/hooks', 'https://hooks'],
  ...['https://bücher.example/in', 'https://xn--bcher-kva.example/in', 'https://[2001:db8::1]/in'],
  ...['https://user:pw@hooks.example.com/in', 'ftp://hooks.example.com/in', 'javascript:alert(1)', 'hooks example', ''],
]

describe('the Webhooks form and the sandbox agree on every address', () => {
  it.each(urls)('%j', async (url) => {
    await api.post('/sandbox/reset', {})
    const reply = await api.post('/api/webhook', { url })
    expect([201, 400], reply.text).toContain(reply.status)
    expect({ url, form: checkEndpointUrl(url).ok }).toEqual({ url, form: reply.status === 201 })
  })
})
