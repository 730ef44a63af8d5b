/// <reference types="vite/client" />
import type { PaymentsDeskApi } from '../../shared/contract/api'

declare global {
  interface Window {
    /** Set by the preload: the only way to reach the main process. */
    readonly paymentsDesk: PaymentsDeskApi
  }
}
