import { Button, CopyButton } from '@mantine/core'
import { defaultAccount } from '../../../../shared/links/default-account'
import { shareablePaymentLink } from '../../../../shared/links/payment-link'

/** The account a copied link names: the active one (each environment has the default account until accounts land). */
export function useLinkAccountName(): string {
  return defaultAccount.name
}

/** Copies payments-desk://payment/<id>?account=<active account>, which opens this payment on a colleague's desk. */
export function CopyLinkButton({ id }: { id: string }) {
  const link = shareablePaymentLink(id, useLinkAccountName())
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
