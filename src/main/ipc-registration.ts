import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { invokeChannel } from '../shared/contract/channels'
import type { Dispatcher, Sender } from './ipc/dispatcher'

export function senderOf(event: IpcMainInvokeEvent, window: BrowserWindow | null): Sender {
  return { frameUrl: event.senderFrame?.url, fromAppWindow: window !== null && event.sender.id === window.webContents.id }
}

/** Binds every channel of the contract to the dispatcher; nothing else is handled. */
export function registerIpc(dispatcher: Dispatcher, window: () => BrowserWindow | null): void {
  for (const name of dispatcher.channels) {
    ipcMain.handle(invokeChannel(name), (event, payload: unknown) => dispatcher.dispatch(name, senderOf(event, window()), payload))
  }
}
