import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { appContentSecurityPolicy, appFilePath, appPageUrl, createAppProtocolHandler } from '../../src/main/app-protocol'

// The app:// handler is what stands between the window and the disk once the renderer
// is no longer on file://: it must serve the built renderer and nothing beside it.

let base: string
let root: string
let handle: (request: Request) => Promise<Response>

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'payments-desk-protocol-'))
  root = join(base, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Payments Desk</title>')
  await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log(1)')
  await writeFile(join(root, 'assets', 'index-abc.css'), 'body{}')
  await writeFile(join(root, 'assets', 'logo.svg'), '<svg/>')
  await writeFile(join(base, 'secret.txt'), 'service_live_not_for_the_window')
  await writeFile(join(base, 'renderer-evil.txt'), 'a sibling whose name starts like the root')
  await symlink(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'))
  handle = createAppProtocolHandler(root)
})
afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

async function get(url: string, method = 'GET'): Promise<{ status: number; type: string | null; body: string }> {
  const response = await handle(new Request(url, { method }))
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
}

describe('the app:// handler', () => {
  it('serves the page at its URL and at the root, as HTML', async () => {
    for (const url of [appPageUrl, 'app://payments-desk/', `${appPageUrl}#/webhooks`, `${appPageUrl}?reload=1`]) {
      expect(await get(url)).toEqual({ status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><title>Payments Desk</title>' })
    }
  })

  it("sends the page's Content-Security-Policy as a header, the same as the page's own <meta>", async () => {
    const page = await handle(new Request(appPageUrl))
    expect(page.headers.get('content-security-policy')).toBe(appContentSecurityPolicy)
    const html = readFileSync(join(import.meta.dirname, '../../src/renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(meta).toBe(appContentSecurityPolicy)
    // Its own files, and the start screen's one inline script by its hash: nothing else inline, nothing evaluated.
    expect(appContentSecurityPolicy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/)
    expect(appContentSecurityPolicy).toContain("connect-src 'self';")
  })

  it('serves the assets with the types a module script and a stylesheet need, and no sniffing', async () => {
    const script = await handle(new Request('app://payments-desk/assets/index-abc.js'))
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await get('app://payments-desk/assets/index-abc.css')).type).toBe('text/css; charset=utf-8')
    expect((await get('app://payments-desk/assets/logo.svg')).type).toBe('image/svg+xml')
  })

  it('answers HEAD without a body and refuses every other method', async () => {
    expect(await get(appPageUrl, 'HEAD')).toMatchObject({ status: 200, body: '' })
    const post = await handle(new Request(appPageUrl, { method: 'POST', body: 'x' }))
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it.each([
    ['a file that is not there', 'app://payments-desk/assets/missing.js'],
    ['a folder', 'app://payments-desk/assets/'],
    ['.. written out', 'app://payments-desk/../secret.txt'],
    ['.. percent-encoded', 'app://payments-desk/%2e%2e/secret.txt'],
    ['.. with an encoded slash', 'app://payments-desk/assets/..%2F..%2Fsecret.txt'],
    ['.. with an encoded backslash', 'app://payments-desk/assets/..%5C..%5Csecret.txt'],
    ['a sibling folder that shares the prefix', 'app://payments-desk/..%2Frenderer-evil.txt'],
    ['an absolute path smuggled in encoded', 'app://payments-desk/%2Fetc%2Fpasswd'],
    ['a NUL byte', 'app://payments-desk/index.html%00.js'],
    ['broken percent-encoding', 'app://payments-desk/%E0%A4%A'],
    ['a symbolic link that leads out of the folder', 'app://payments-desk/assets/link.txt'],
    ['another host on the app scheme', 'app://evil/index.html'],
  ])('answers 404 and reveals nothing for %s', async (_label, url) => {
    const answer = await get(url)
    expect(answer.status).toBe(404)
    expect(answer.body).not.toContain('service_live')
    expect(answer.body).not.toContain('sibling')
    expect(answer.body).not.toContain('root:')
  })
})

describe('appFilePath', () => {
  it('maps an app:// URL onto the folder and nothing outside it', () => {
    expect(appFilePath('app://payments-desk/assets/index-abc.js', '/srv/renderer')).toBe('/srv/renderer/assets/index-abc.js')
    expect(appFilePath('app://payments-desk/', '/srv/renderer')).toBe('/srv/renderer/index.html')
    expect(appFilePath('app://payments-desk/a%20b.png', '/srv/renderer')).toBe('/srv/renderer/a b.png')
    expect(appFilePath('file:///srv/renderer/index.html', '/srv/renderer')).toBeNull()
    expect(appFilePath('https://payments-desk/index.html', '/srv/renderer')).toBeNull()
    expect(appFilePath('not a url', '/srv/renderer')).toBeNull()
    // A Request refuses such a URL itself; the check is for whatever else may call this.
    expect(appFilePath('app://user:pass@payments-desk/index.html', '/srv/renderer')).toBeNull()
  })
})
