import { messagePath } from '../../../../shared/checkout-rules'

// What the form says for a message of the service's (or of its own check, which uses the
// service's words): a sentence for the person filling the form in. The service's message
// stays beside it, since a support ticket or the service's documentation quotes that one.

type Wording = [field: string, says: RegExp, sentence: string]

const wordings: Wording[] = [
  ['products', /should not be empty/, 'Add at least one product.'],
  ['products', /no more than/, 'Too many product lines: split the order into two checkouts.'],
  ['name', /should not be empty/, 'Give the product a name.'],
  ['name', /string/, "Enter the product's name."],
  ['price', /integer/, 'Enter the unit price as a whole number of minor units (1500 for 15.00).'],
  ['price', /less than/, 'A unit price cannot be negative.'],
  ['price', /greater than/, 'This unit price is larger than the service allows.'],
  ['quantity', /integer/, 'Enter the quantity as a whole number.'],
  ['quantity', /positive/, 'The quantity must be at least 1.'],
  ['quantity', /greater than/, 'This quantity is larger than the service allows.'],
  ['currency', /one of/, 'Choose EUR or USD.'],
  ['customerEmail', /email/, "Enter the customer's e-mail address, like ada@example.com."],
  ['successUrl', /URL/, 'Enter a web address with a domain name, like https://shop.example.com/thanks.'],
  ['cancelUrl', /URL/, 'Enter a web address with a domain name, like https://shop.example.com/cart.'],
]

/** The form's sentence for a message, or null when the form has none (the message is then shown alone). */
export function formSentence(message: string): string | null {
  const path = messagePath(message)
  if (path === null) return null
  const field = path.split('.').pop() ?? ''
  const rest = message.slice(path.length)
  return wordings.find(([name, says]) => name === field && says.test(rest))?.[2] ?? null
}
