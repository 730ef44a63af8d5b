// The built renderer is served from app://payments-desk/ rather than file://, so the
// page gets an origin of its own: it cannot read other local files, and the
// GrantFileProtocolExtraPrivileges fuse can stay off. security.ts registers the scheme
// with Electron; this module decides which file a request gets, so it runs in Node tests.
import { readFile, realpath } from 'node:fs/promises'
import { extname, resolve } from 'node:path'
import { isInside } from './storage/contained-path'

export const appScheme = 'app'
export const appHost = 'payments-desk'
export const appPageUrl = `${appScheme}://${appHost}/index.html`

/**
 * The page's Content-Security-Policy, sent as a header too: the <meta> copy in
 * src/renderer/index.html (which a test keeps identical) covers the dev server, and a
 * header also enforces frame-ancestors, which a <meta> cannot. Scripts come from the app's
 * own files, and one inline script by its hash: the start screen's
 * (src/renderer/src/shell/start-screen-early.ts, inlined by the build, which stops when the
 * hash here is not that script's).
 */
export const appContentSecurityPolicy =
  "default-src 'self'; script-src 'self' 'sha256-Q/bAFR1lSi26iebwFC8GEwCiYraagkDXwmJo9nboOAc='; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
}

/** The file an app:// URL names under root, or null for any URL that names something else. */
export function appFilePath(url: string, root: string): string | null {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return null
  }
  if (target.protocol !== `${appScheme}:` || target.host !== appHost || target.username || target.password) return null
  let path: string
  try {
    // %2F and %5C decode to separators here; the containment check below catches them.
    path = decodeURIComponent(target.pathname)
  } catch {
    return null
  }
  // eslint-disable-next-line no-control-regex -- a NUL or other control character never names a real asset
  if (/[\u0000-\u001f]/.test(path)) return null
  const base = resolve(root)
  const file = resolve(base, path === '/' ? 'index.html' : `.${path}`)
  return isInside(file, base) && file !== base ? file : null
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/**
 * The app:// handler: GET and HEAD of files under root, nothing else. Symbolic links
 * that lead out of root are refused like `..`.
 */
export function createAppProtocolHandler(root: string): (request: Request) => Promise<Response> {
  const realRoot = realpath(resolve(root)).catch(() => resolve(root))
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } })
    const file = appFilePath(request.url, root)
    if (file === null) return notFound()
    try {
      const real = await realpath(file)
      const rootReal = await realRoot
      if (!isInside(real, rootReal) || real === rootReal) return notFound()
      const body = await readFile(real)
      const type = contentTypes[extname(real).toLowerCase()] ?? 'application/octet-stream'
      const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' }
      if (type.startsWith('text/html')) headers['Content-Security-Policy'] = appContentSecurityPolicy
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
    } catch {
      // Missing, a directory, unreadable: the page asked for something that is not there.
      return notFound()
    }
  }
}
