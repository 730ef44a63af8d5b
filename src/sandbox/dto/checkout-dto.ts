import 'reflect-metadata'
import { Type } from 'class-transformer'
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsPositive,
  IsString,
  IsUrl,
  Max,
  Min,
  ValidateNested,
} from 'class-validator'
import { checkoutCurrencies } from '../../shared/checkout-rules'
import { decorateProperties } from './apply-decorators'

// What the spec implies for POST /api/checkout/payment, written as a NestJS developer
// writes it: a non-empty array of line items (string name, integer price and quantity),
// `IsIn(['EUR', 'USD'])`, `IsEmail()`, `IsUrl()`, each with class-validator's defaults.

export class ProductDto {
  declare name: string
  declare price: number
  declare quantity: number
}
decorateProperties(ProductDto, { name: [IsString()], price: [IsInt()], quantity: [IsInt()] })

export class CheckoutPaymentDto {
  declare products: ProductDto[]
  declare currency: (typeof checkoutCurrencies)[number]
  declare customerEmail: string
  declare successUrl: string
  declare cancelUrl: string
}
decorateProperties(CheckoutPaymentDto, {
  products: [IsArray(), ArrayNotEmpty(), ValidateNested({ each: true }), Type(() => ProductDto)],
  currency: [IsIn([...checkoutCurrencies])],
  customerEmail: [IsEmail()],
  successUrl: [IsUrl()],
  cancelUrl: [IsUrl()],
})

// The sandbox's own rules, checked only on a body the spec's rules accept (README lists
// each with its reason): a named line, no negative price, at least one of each line, and
// amounts well inside safe integers. The Checkout form does not check them: the service
// may allow more.
export const checkoutLimits = { maxPrice: 100_000_000, maxQuantity: 10_000, maxProducts: 100 } as const

export class SandboxProductRules {
  declare name: string
  declare price: number
  declare quantity: number
}
decorateProperties(SandboxProductRules, {
  name: [IsNotEmpty()],
  price: [Min(0), Max(checkoutLimits.maxPrice)],
  quantity: [IsPositive(), Max(checkoutLimits.maxQuantity)],
})

export class SandboxCheckoutRules {
  declare products: SandboxProductRules[]
}
decorateProperties(SandboxCheckoutRules, {
  products: [ArrayMaxSize(checkoutLimits.maxProducts), ValidateNested({ each: true }), Type(() => SandboxProductRules)],
})
