import { describe, expect, it } from 'vitest'
import { exportResults } from '../../../src/main/batch/batch-export'
import type { BatchResult } from '../../../src/shared/contract/batch-schema'

const result: BatchResult = {
  id: 'pay_1',
  outcome: 'error',
  paymentStatus: null,
  amount: null,
  currency: null,
  paymentMethod: null,
  errorCode: null,
  retryable: null,
  attemptedAt: null,
  customerEmail: '"Zoë Müller" <zoë.müller@bücher.example>',
  failure: { code: 'invalid-response', message: 'The service said: customer josé.garcía@example.es is blocked' },
  at: 0,
}

describe('a batch export without e-mails', () => {
  it('masks the customer field whatever it holds, and addresses quoted in a lookup error', () => {
    for (const format of ['csv', 'json'] as const) {
      const file = exportResults([result], format, false)
      expect(file).not.toMatch(/Müller|müller|osé|garcía/)
      expect(file).toContain('***@bücher.example>')
      expect(file).toContain('customer j***@example.es is blocked')
    }
  })

  it('keeps both as they are when the user asks for e-mails', () => {
    const [row] = JSON.parse(exportResults([result], 'json', true)) as BatchResult[]
    expect(row).toEqual({ ...result, amountAssumingMinorUnits: null, account: 'Default' })
  })
})
