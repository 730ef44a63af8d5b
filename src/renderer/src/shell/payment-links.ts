import type { IpcResult } from '../../../shared/contract/ipc-result'
import type { LinkOpening } from '../../../shared/contract/link-schema'
import { call, subscribe } from '../api/client'
import { useNavigation } from '../stores/navigation-store'
import { usePayments } from '../stores/payments-store'

function open(delivery: IpcResult<LinkOpening>): void {
  useNavigation.getState().go('payments')
  void usePayments.getState().openLink(delivery)
}

/**
 * payments-desk:// links, wherever the user is: Payments opens on the link's payment, or says
 * why the link was refused. Listens first, then asks main for a link that came before.
 */
export function watchPaymentLinks(): () => void {
  const stop = subscribe('paymentLinkOpened', open)
  void call('takePaymentLink', {}).then((result) => {
    if (!result.ok) open(result)
    else if (result.value !== null) open({ ok: true, value: result.value })
  })
  return stop
}
