import { declineCodes } from '../../../../shared/decline-codes'

// The local sandbox's seed payments (src/sandbox/seed.ts): stable IDs a test event can target.
export const seedPaymentIds: string[] = [
  'pay_seed_pending_1',
  'pay_seed_pending_2',
  'pay_seed_settled_1',
  'pay_seed_settled_2',
  'pay_seed_settled_3',
  ...declineCodes.map((code) => `pay_seed_${code}`),
]
