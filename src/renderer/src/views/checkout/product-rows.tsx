import { ActionIcon, Button, Group, Input, NumberInput, Stack, TextInput, Tooltip } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { newProductRow, type CheckoutFormValues } from './form-values'

interface ProductRowsProps {
  form: UseFormReturnType<CheckoutFormValues>
  disabled: boolean
}

/** The product lines: name, unit price and quantity, one row each, added and removed freely. */
export function ProductRows({ form, disabled }: ProductRowsProps) {
  const rows = form.values.products
  const listError = form.errors.products
  return (
    <Stack gap="xs">
      {rows.map((row, index) => {
        const n = index + 1
        return (
          <Group key={row.key} gap="sm" align="flex-start" wrap="nowrap" data-testid={`product-row-${n}`}>
            <TextInput
              label={`Product ${n}`}
              aria-label={`Product ${n} name`}
              placeholder="Team seat"
              style={{ flex: 1 }}
              disabled={disabled}
              {...form.getInputProps(`products.${index}.name`)}
            />
            <NumberInput
              label="Unit price"
              aria-label={`Product ${n} unit price`}
              placeholder="1500"
              w={170}
              min={0}
              hideControls
              disabled={disabled}
              {...form.getInputProps(`products.${index}.price`)}
            />
            <NumberInput
              label="Quantity"
              aria-label={`Product ${n} quantity`}
              w={120}
              min={1}
              disabled={disabled}
              {...form.getInputProps(`products.${index}.quantity`)}
            />
            <Tooltip label={`Remove product ${n}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={25}
                aria-label={`Remove product ${n}`}
                disabled={disabled}
                onClick={() => {
                  form.removeListItem('products', index)
                }}
              >
                ✕
              </ActionIcon>
            </Tooltip>
          </Group>
        )
      })}
      {listError ? <Input.Error>{listError}</Input.Error> : null}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={disabled}
          onClick={() => {
            form.insertListItem('products', newProductRow())
          }}
        >
          Add product
        </Button>
      </Group>
    </Stack>
  )
}
