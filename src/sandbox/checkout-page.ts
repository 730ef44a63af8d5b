import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RouteHandler } from './api-routes'
import { readBody } from './http-io'
import { checkIdSegment } from './ids'
import type { Payment } from './records'
import type { SandboxState } from './sandbox-state'
import { documentedErrorCodes } from './seed'

// The hosted checkout page a payment's checkoutUrl points to. The real service's page
// takes card data in an iframe; the sandbox's lets a tester pick the outcome instead.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function formatAmount(payment: Payment): string {
  return `${(payment.amount / 100).toFixed(2)} ${payment.currency}`
}

function page(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0}select{font:inherit}</style></head>
<body><p><small>Payments Desk sandbox checkout: no real money moves.</small></p>${body}</body></html>`
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  })
  res.end(html)
}

function renderPayment(res: ServerResponse, payment: Payment, notice = ''): void {
  const lines = payment.products
    .map((p) => `<li>${escapeHtml(p.name)} × ${p.quantity}: ${(p.price / 100).toFixed(2)} ${payment.currency}</li>`)
    .join('')
  const options = documentedErrorCodes.map((code) => `<option value="${code}">Decline: ${code}</option>`).join('')
  page(
    res,
    200,
    `Pay ${formatAmount(payment)}`,
    `<h1>Pay ${escapeHtml(formatAmount(payment))}</h1><ul>${lines}</ul>
<p>Status: <strong>${payment.status}</strong></p>${notice}
<form method="post"><label>Outcome <select name="outcome"><option value="settle">Pay successfully</option>${options}</select></label>
<br><button type="submit">Submit payment</button></form>`,
  )
}

export function matchCheckoutPage(method: string, segments: string[], state: SandboxState): RouteHandler | undefined {
  if (segments.length !== 2 || (method !== 'GET' && method !== 'POST')) return undefined
  const checked = checkIdSegment(segments[1] ?? '')
  return async (req: IncomingMessage, res: ServerResponse) => {
    const payment = checked.ok ? state.getPayment(checked.id) : undefined
    if (!payment) {
      page(res, 404, 'Checkout not found', '<h1>This checkout link does not exist.</h1>')
      return
    }
    if (method === 'GET') {
      renderPayment(res, payment)
      return
    }
    const outcome = new URLSearchParams(await readBody(req)).get('outcome') ?? 'settle'
    if (outcome === 'settle') {
      state.settlePayment(payment.id)
      res.writeHead(303, { Location: payment.successUrl })
      res.end()
      return
    }
    const code = (documentedErrorCodes as readonly string[]).includes(outcome) ? outcome : 'card_declined'
    const failed = state.failPayment(payment.id, code) ?? payment
    renderPayment(res, failed, `<p role="alert">The payment was declined (${escapeHtml(code)}). Try again.</p>`)
  }
}
