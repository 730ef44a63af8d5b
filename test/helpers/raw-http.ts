import { request, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'

// For requests fetch would refuse or rewrite: paths with `..` or bad percent-encoding,
// oversized headers, chunked bodies, broken request lines.

export interface RawReply {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

export interface RawRequest {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** Sends the body in 64 KiB chunks with Transfer-Encoding: chunked. */
  chunked?: boolean
}

/** One request on a fresh connection; rejects with the socket error (ECONNRESET...) if there is no answer. */
export function rawRequest(baseUrl: string, { method = 'GET', path, headers = {}, body, chunked = false }: RawRequest): Promise<RawReply> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    if (body !== undefined) {
      const bytes = Buffer.from(body)
      if (chunked) for (let at = 0; at < bytes.length; at += 65_536) req.write(bytes.subarray(at, at + 65_536))
      else req.write(bytes)
    }
    req.end()
  })
}

/** Writes `text` to a new TCP connection and returns everything the server sends before closing it. */
export function rawExchange(baseUrl: string, text: string): Promise<string> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'))
    })
    socket.on('error', reject)
  })
}
