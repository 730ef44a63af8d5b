// The only two event types the service documents; Connect (marketplace) accounts get
// them under a `connect.` prefix.
const documentedEvents = ['payment.failed', 'payment.settled'] as const

export function eventNamesFor(connect: boolean): string[] {
  return documentedEvents.map((name) => (connect ? `connect.${name}` : name))
}
