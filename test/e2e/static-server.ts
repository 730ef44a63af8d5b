import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { appHost, appScheme, createAppProtocolHandler } from '../../src/main/app-protocol'

/**
 * Serves the built renderer (out/renderer) on 127.0.0.1 through the app's own app://
 * handler, so the browser gets exactly the files and headers the Electron window would.
 */
export async function serveRenderer(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const handle = createAppProtocolHandler(root)
  const server = createServer((req, res) => {
    void handle(new Request(`${appScheme}://${appHost}${req.url ?? '/'}`, { method: req.method })).then(async (answer) => {
      res.writeHead(answer.status, Object.fromEntries(answer.headers))
      res.end(Buffer.from(await answer.arrayBuffer()))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}
