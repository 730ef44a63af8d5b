import { z } from 'zod'
import { environmentIds } from '../environments'
import { maxPaymentIdLength } from '../payment-id'

/** What a payments-desk:// link asks the window to do: look this ID up, in this account (already chosen by main). */
export const linkOpeningSchema = z
  .object({
    id: z.string().min(1).max(maxPaymentIdLength),
    environment: z.enum(environmentIds),
    /** The account the link named, now the active one; null: the link named none, the active account is used. */
    account: z.object({ id: z.string().max(40), name: z.string().max(60) }).nullable(),
  })
  .strict()

/** A link as main decided it: the payment to open, or why the link is refused (nothing is looked up then). */
export const linkDeliverySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: linkOpeningSchema }).strict(),
  z
    .object({
      ok: z.literal(false),
      error: z
        .object({ code: z.enum(['link-invalid', 'link-account-unknown', 'storage', 'internal']), message: z.string().max(1_000) })
        .strict(),
    })
    .strict(),
])

export type LinkOpening = z.infer<typeof linkOpeningSchema>
export type LinkDelivery = z.infer<typeof linkDeliverySchema>
