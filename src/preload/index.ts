import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { eventChannel, eventContract, invokeChannel, invokeContract, type EventName, type InvokeName } from '../shared/contract/channels'
import type { PaymentsDeskApi } from '../shared/contract/api'

// One function per channel of the contract and nothing else: the renderer never sees
// ipcRenderer or a channel name.
const invoke = Object.fromEntries(
  (Object.keys(invokeContract) as InvokeName[]).map((name) => [name, (request: unknown) => ipcRenderer.invoke(invokeChannel(name), request)]),
)
const on = Object.fromEntries(
  (Object.keys(eventContract) as EventName[]).map((name) => [
    name,
    (listener: (payload: unknown) => void) => {
      const handler = (_event: IpcRendererEvent, payload: unknown) => {
        listener(payload)
      }
      ipcRenderer.on(eventChannel(name), handler)
      return () => {
        ipcRenderer.removeListener(eventChannel(name), handler)
      }
    },
  ]),
)

const api = { invoke, on } as unknown as PaymentsDeskApi
contextBridge.exposeInMainWorld('paymentsDesk', api)
