import { Alert, Badge, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core'
import { environmentLabels } from '../../../../shared/environments'
import type { CreatedCheckout } from '../../stores/checkout-store'
import { useNavigation } from '../../stores/navigation-store'
import { usePayments } from '../../stores/payments-store'
import { echoedProducts } from './echoed-products'
import { formatMoney, minorUnitsAssumption } from '../../../../shared/format/money'
import { readTime } from '../../../../shared/format/time'

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={`Copy ${label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  )
}

function CreatedAt({ iso }: { iso: string }) {
  const time = readTime(iso)
  return <Text size="sm">Created: {time ? `${time.local} (${time.utc})` : iso}</Text>
}

/** The new payment as the service answered: its ID, its checkout link and what it will charge. */
export function CheckoutResult({ created, onStartOver }: { created: CreatedCheckout; onStartOver: (keepDetails: boolean) => void }) {
  const { payment, environment } = created
  const products = echoedProducts(created.raw)
  const local = environment === 'local'
  const envLabel = environmentLabels[environment]

  return (
    <Paper withBorder p="md" data-testid="checkout-result">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3}>Checkout payment created</Title>
          <Group gap="xs">
            {payment.status ? <Badge variant="light">{payment.status}</Badge> : null}
            <Badge variant="outline" color={environment === 'production' ? 'red' : 'gray'}>
              {envLabel}
            </Badge>
          </Group>
        </Group>
        {payment.checkoutUrl ? (
          <Copyable label="Checkout link" value={payment.checkoutUrl} testId="checkout-url" />
        ) : (
          <Alert color="yellow" title="No checkout link in the answer">
            The service created the payment but its answer holds no checkoutUrl. Look the payment up to find how the customer pays.
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="md">
          {payment.id ? (
            <Stack gap={6}>
              <Copyable label="Payment ID" value={payment.id} testId="checkout-payment-id" />
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    if (!payment.id) return
                    useNavigation.getState().go('payments')
                    void usePayments.getState().open(payment.id)
                  }}
                >
                  Open in Payments
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text size="sm">The service&apos;s answer holds no payment ID.</Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Amount, as the service echoed it
            </Text>
            <Text size="lg" fw={600} data-testid="checkout-amount">
              {payment.amount ?? '—'} {payment.currency ?? ''}
            </Text>
            <Text size="xs" c="dimmed">
              {payment.amount !== undefined && local
                ? `${formatMoney(payment.amount, payment.currency)} ${minorUnitsAssumption}, as the local sandbox does.`
                : 'The documentation does not define the unit: compare it with the prices you entered.'}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group gap="xl">
          {payment.customerEmail ? <Text size="sm">Customer: {payment.customerEmail}</Text> : null}
          {created.payment.createdAt ? <CreatedAt iso={created.payment.createdAt} /> : null}
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Line items, as the service returned them
          </Text>
          {products === null ? (
            <Text size="sm" c="dimmed">
              The service&apos;s answer does not list the line items.
            </Text>
          ) : (
            <Table withTableBorder striped data-testid="echoed-products">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th ta="right">Unit price</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {products.map((product, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{product.name}</Table.Td>
                    <Table.Td ta="right">{product.price}</Table.Td>
                    <Table.Td ta="right">{product.quantity}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
        <Group justify="flex-end">
          <Tooltip label="Keep the products, currency and addresses in the form">
            <Button
              variant="default"
              onClick={() => {
                onStartOver(true)
              }}
            >
              Start from these details
            </Button>
          </Tooltip>
          <Button
            onClick={() => {
              onStartOver(false)
            }}
          >
            New checkout
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
