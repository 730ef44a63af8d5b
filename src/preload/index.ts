import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { deskApi } from '../shared/contract/api'
// The names only: validation is main's and the renderer's, and the schema library would be most of this file.
import { eventChannel, eventNames, invokeChannel, invokeNames } from '../shared/contract/channel-names'

// One function per channel of the contract and nothing else: the renderer never sees
// ipcRenderer or a channel name.
const api = deskApi(
  { invoke: invokeNames, events: eventNames },
  {
    invoke: (name, request) => ipcRenderer.invoke(invokeChannel(name), request),
    listen: (name, listener) => {
      const handler = (_event: IpcRendererEvent, payload: unknown) => {
        listener(payload)
      }
      ipcRenderer.on(eventChannel(name), handler)
      return () => {
        ipcRenderer.removeListener(eventChannel(name), handler)
      }
    },
  },
)
contextBridge.exposeInMainWorld('paymentsDesk', api)
