/** The badge colour of a payment status; statuses the service has not documented are grey. */
export function statusColor(status: string | null | undefined): string {
  switch (status?.toLowerCase()) {
    case 'failed':
      return 'red'
    case 'settled':
    case 'succeeded':
    case 'paid':
      return 'teal'
    case 'pending':
      return 'yellow'
    default:
      return 'gray'
  }
}
