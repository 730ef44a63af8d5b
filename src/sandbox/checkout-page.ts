import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RouteHandler } from './api-routes'
import type { CheckoutGuard } from './checkout-guard'
import { formatMoney } from '../shared/format/money'
import { readBody } from './http-io'
import { checkIdSegment } from './ids'
import type { Payment } from './records'
import type { SandboxState } from './sandbox-state'
import { documentedErrorCodes } from './seed'

// The hosted checkout page a payment's checkoutUrl points to. The real service's page
// takes card data in an iframe; the sandbox's lets a tester pick the outcome instead.
// Who may use it is checkout-guard.ts's business.

const maxFormBytes = 4_096

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function page(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0}select{font:inherit}</style></head>
<body><p><small>Payments Desk sandbox checkout: no real money moves.</small></p>${body}</body></html>`
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    // No framing (a Submit clicked through another site's overlay), no caching of a page
    // that holds a form token, and no Referer naming the checkout to the shop's site.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(html)
}

/**
 * A link the customer follows themselves to a URL the checkout was created with, naming
 * where it goes. Never an automatic redirect: the sandbox's loopback address must not
 * bounce a browser to wherever a checkout said.
 */
function leaveLink(url: string, label: string): string {
  // IsUrl also accepts an address without a scheme, or ftp://: no link is written for those.
  const parsed = URL.parse(url)
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return ''
  const { protocol, host } = parsed
  const plain = protocol === 'http:' ? ' (plain http: not encrypted)' : ''
  return `<p><a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(label)} ${escapeHtml(host)}</a>${plain}</p>`
}

function renderPayment(res: ServerResponse, payment: Payment, token: string, notice = ''): void {
  const lines = payment.products
    .map((p) => `<li>${escapeHtml(p.name)} × ${p.quantity}: ${escapeHtml(formatMoney(p.price, payment.currency))}</li>`)
    .join('')
  const options = documentedErrorCodes.map((code) => `<option value="${code}">Decline: ${code}</option>`).join('')
  const action =
    payment.status === 'settled'
      ? `<p>This payment is complete.</p>${leaveLink(payment.successUrl, 'Continue to')}`
      : `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}">
<label>Outcome <select name="outcome"><option value="settle">Pay successfully</option>${options}</select></label>
<br><button type="submit">Submit payment</button></form>${leaveLink(payment.cancelUrl, 'Cancel and return to')}`
  page(
    res,
    200,
    `Pay ${formatMoney(payment.amount, payment.currency)}`,
    `<h1>Pay ${escapeHtml(formatMoney(payment.amount, payment.currency))}</h1><ul>${lines}</ul>
<p>Status: <strong>${payment.status}</strong></p>${notice}${action}`,
  )
}

function refuse(res: ServerResponse, message: string): void {
  page(res, 403, 'Checkout refused', `<h1>${escapeHtml(message)}</h1>`)
}

async function submit(
  req: IncomingMessage,
  res: ServerResponse,
  payment: Payment,
  checkoutId: string,
  state: SandboxState,
  guard: CheckoutGuard,
) {
  if (!guard.fromOwnPage(req)) {
    refuse(res, 'This form was sent from another site: open the checkout link itself to pay.')
    return
  }
  const form = new URLSearchParams((await readBody(req)).slice(0, maxFormBytes))
  if (!guard.tokenValid(checkoutId, form.get('token') ?? '')) {
    refuse(res, 'This form has expired or did not come from this page: reload the page and try again.')
    return
  }
  if (payment.status === 'settled') {
    page(res, 409, 'Already paid', `<h1>This payment is already complete.</h1>${leaveLink(payment.successUrl, 'Continue to')}`)
    return
  }
  const outcome = form.get('outcome') ?? 'settle'
  if (outcome === 'settle') {
    const settled = state.settlePayment(payment.id) ?? payment
    page(
      res,
      200,
      'Payment received',
      `<h1>Payment received: ${escapeHtml(formatMoney(settled.amount, settled.currency))}</h1>${leaveLink(settled.successUrl, 'Continue to')}`,
    )
    return
  }
  const code = (documentedErrorCodes as readonly string[]).includes(outcome) ? outcome : 'card_declined'
  const failed = state.failPayment(payment.id, code) ?? payment
  renderPayment(res, failed, guard.issueToken(checkoutId), `<p role="alert">The payment was declined (${escapeHtml(code)}). Try again.</p>`)
}

export function matchCheckoutPage(method: string, segments: string[], state: SandboxState, guard: CheckoutGuard): RouteHandler | undefined {
  if (segments.length !== 2 || (method !== 'GET' && method !== 'POST')) return undefined
  const checked = checkIdSegment(segments[1] ?? '')
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (!guard.hostAllowed(req)) {
      refuse(res, 'This checkout page answers only at its own address: open the checkout link itself.')
      return
    }
    const payment = checked.ok ? state.paymentForCheckout(checked.id) : undefined
    if (!checked.ok || !payment) {
      page(res, 404, 'Checkout not found', '<h1>This checkout link does not exist.</h1>')
      return
    }
    if (method === 'GET') renderPayment(res, payment, guard.issueToken(checked.id))
    else await submit(req, res, payment, checked.id, state, guard)
  }
}
