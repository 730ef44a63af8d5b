import { useEffect } from 'react'
import { useWebhookSandbox } from '../../stores/webhook-sandbox-store'

const everyMs = 2_000

/** Follows the sandbox's deliveries while the screen is open; stops when it unmounts. */
export function useDeliveriesPolling(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const refresh = () => {
      void useWebhookSandbox.getState().refreshDeliveries()
    }
    refresh()
    const timer = setInterval(refresh, everyMs)
    return () => {
      clearInterval(timer)
    }
  }, [active])
}
