import type { Page } from 'playwright-core'
import type { AppCore } from '../../src/main/app-core'
import type { Sender } from '../../src/main/ipc/dispatcher'
import type { ProductionConfirm, ProductionWrite } from '../../src/main/services/production-guard'
import { deskApi } from '../../src/shared/contract/api'
import { eventContract, invokeContract, type EventName, type InvokeName } from '../../src/shared/contract/channels'
import { eventHub } from '../helpers/event-hub'

const sender: Sender = { frameUrl: 'app://e2e', fromAppWindow: true }

/** One message that crossed the bridge, as the renderer sent or received it. */
export type Traffic =
  { kind: 'invoke'; name: InvokeName; request: unknown; response: unknown } | { kind: 'event'; name: EventName; payload: unknown }

export type TrafficListener = (traffic: Traffic) => void

/**
 * Main's native dialog before a write to Production, which no page can reach: the test
 * plays the user, setting the answer and reading each question asked.
 */
export interface FakeConfirm extends ProductionConfirm {
  readonly asked: ProductionWrite[]
  /** The next dialogs' answer: true is the confirm button, false is Cancel (the dialog's default). */
  answer: boolean
}

export function fakeConfirm(): FakeConfirm {
  const fake: FakeConfirm = {
    asked: [],
    answer: false,
    confirmProductionWrite(write) {
      fake.asked.push(write)
      return Promise.resolve(fake.answer)
    },
  }
  return fake
}

type DeskNames = Parameters<typeof deskApi>[0]

/**
 * Runs in the page, sent as source with its two helpers: `window.paymentsDesk` built by the
 * preload's own `deskApi`, calls going to the binding and events coming from `__paymentsDeskEmit`.
 */
function installPageApi(names: DeskNames, build: typeof deskApi, hub: typeof eventHub): void {
  const host = globalThis as unknown as {
    __paymentsDeskInvoke: (name: string, payload: unknown) => Promise<unknown>
    __paymentsDeskEmit: (name: string, payload: unknown) => void
    paymentsDesk: unknown
  }
  const events = hub()
  host.__paymentsDeskEmit = events.emit
  // The binding is looked up at each call: a test may wrap it to hold an answer back.
  host.paymentsDesk = Object.freeze(
    build(names, { invoke: (name, request) => host.__paymentsDeskInvoke(name, request), listen: events.listen }),
  )
}

/**
 * Puts on the page the same `window.paymentsDesk` the preload builds, from the same
 * contract, with each call going to the real dispatcher in this process. Only the
 * Electron window is missing. `onTraffic` hears every request, answer and event that crosses.
 */
export async function bridge(page: Page, core: AppCore, onTraffic?: TrafficListener): Promise<() => void> {
  await page.exposeBinding('__paymentsDeskInvoke', async (_source, name: InvokeName, payload: unknown) => {
    const response = await core.dispatcher.dispatch(name, sender, payload)
    onTraffic?.({ kind: 'invoke', name, request: payload, response })
    return response
  })
  const names: DeskNames = { invoke: Object.keys(invokeContract) as InvokeName[], events: Object.keys(eventContract) as EventName[] }
  // The functions' source goes into the page; under tsx (the benches) it calls a `__name`
  // helper the page does not have, so the page gets it as a no-op.
  await page.addInitScript({
    content: `globalThis.__name ??= (target) => target;(${installPageApi.toString()})(${JSON.stringify(names)}, ${deskApi.toString()}, ${eventHub.toString()})`,
  })
  return core.subscribe((name, payload) => {
    onTraffic?.({ kind: 'event', name, payload })
    page
      .evaluate(
        ([n, p]) => {
          ;(globalThis as unknown as { __paymentsDeskEmit: (n: unknown, p: unknown) => void }).__paymentsDeskEmit(n, p)
        },
        [name, payload] as const,
      )
      .catch(() => undefined)
  })
}
