import { describe, expect, it } from 'vitest'
import { parseDelivery } from '../../../src/renderer/src/views/webhooks/parse-delivery'

describe('parseDelivery', () => {
  it('splits raw HTTP into the three headers and the body, keeping the body byte for byte', () => {
    const body = '{"id":"evt_1",\n  "type":"payment.failed"}\n'
    const raw = `POST /hooks HTTP/1.1\r\nHost: 127.0.0.1\r\nHook-Id: msg_1\r\nhook-timestamp:  1700000000 \r\nhook-signature: v1,abc= v1,def=\r\n\r\n${body}`
    expect(parseDelivery(raw)).toEqual({
      hookId: 'msg_1',
      hookTimestamp: '1700000000',
      hookSignature: 'v1,abc= v1,def=',
      body,
      missing: [],
    })
  })

  it('accepts LF line endings and a value containing colons', () => {
    const parsed = parseDelivery('hook-id: msg:2\nhook-timestamp: 1\nhook-signature: v1,x\n\n{}')
    expect(parsed.hookId).toBe('msg:2')
    expect(parsed.body).toBe('{}')
  })

  it('reports what is missing, and no body when there is no blank line', () => {
    const parsed = parseDelivery('hook-id: msg_3\ncontent-type: application/json')
    expect(parsed.missing).toEqual(['hook-timestamp', 'hook-signature'])
    expect(parsed.body).toBeNull()
  })

  it('finds nothing in a bare body', () => {
    expect(parseDelivery('{"id":"evt_1"}').missing).toHaveLength(3)
  })
})
