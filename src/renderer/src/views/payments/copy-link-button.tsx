import { Button, CopyButton } from '@mantine/core'
import { shareablePaymentLink } from '../../../../shared/links/payment-link'

/** Copies payments-desk://payment/<id>?account=<its account>, which opens this payment on a colleague's desk. */
export function CopyLinkButton({ id, account }: { id: string; account: string }) {
  const link = shareablePaymentLink(id, account)
  // An ID the lookup field takes but a link cannot carry (non-ASCII): a link to it would be refused.
  if (link === null) return null
  return (
    <CopyButton value={link}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          onClick={copy}
          aria-label={copied ? 'Copied' : 'Copy link to this payment'}
          data-testid="copy-payment-link"
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      )}
    </CopyButton>
  )
}
