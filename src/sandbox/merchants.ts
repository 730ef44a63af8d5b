// The sandbox serves two merchants, each with its own private key and its own payments, so the
// app's several accounts per environment can be tried locally: a key sees its merchant's payments
// only (another's is a 404, as it would be on the real service), and the rate limit is per key.
// Webhook endpoints are the sandbox's, shared by both: the spec says nothing of them per merchant.

export const mainMerchant = { id: 'default', name: 'Default' } as const
export const secondShop = { id: 'second-shop', name: 'Second shop' } as const

export type MerchantId = typeof mainMerchant.id | typeof secondShop.id

export interface SandboxMerchant {
  id: MerchantId
  name: string
  apiKey: string
}
