import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const realElectron = path.join(root, 'node_modules/electron')
const { version } = JSON.parse(await readFile(path.join(realElectron, 'package.json'), 'utf8')) as { version: string }
const archive = `electron-v${version}-${process.platform}-${process.arch}.zip`

/** Every file under the real package with its content hash, to prove the test leaves it as it was. */
async function fingerprint(dir: string): Promise<string[]> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true })
  const lines = await Promise.all(
    files
      .filter((file) => file.isFile())
      .map(async (file) => {
        const full = path.join(file.parentPath, file.name)
        return `${path.relative(dir, full)} ${createHash('sha256')
          .update(await readFile(full))
          .digest('hex')}`
      }),
  )
  return lines.sort()
}

/**
 * A fresh clone in a temporary folder: the project's package.json and start script, a copy of the
 * electron package without its binary, and the rest of node_modules linked. The real
 * node_modules/electron is never written, so tests running beside this one see it unchanged.
 */
async function freshClone(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'electron-start-'))
  await cp(path.join(root, 'package.json'), path.join(dir, 'package.json'))
  await cp(path.join(root, 'scripts'), path.join(dir, 'scripts'), { recursive: true })
  await mkdir(path.join(dir, 'node_modules'))
  await cp(realElectron, path.join(dir, 'node_modules/electron'), {
    recursive: true,
    filter: (source) => !['path.txt', 'dist'].includes(path.relative(realElectron, source)),
  })
  for (const name of ['.bin', '@electron', '@electron-internal']) {
    await symlink(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name))
  }
  return dir
}

type Answer = (respond: (status: number, body: Buffer) => void) => void

/** A loopback mirror that records every path asked for and answers as the case says. */
async function mirror(answer: Answer): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = []
  const server = createServer((request, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''}`)
    answer((status, body) => {
      response.writeHead(status, { 'content-type': 'application/octet-stream' }).end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests }
}

/** `npm start` in the clone, with every way Electron's downloader could reach the internet pointed at loopback. */
function npmStart(
  dir: string,
  mirrorUrl: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(electron_|npm_config_electron|npm_package_config_electron|https?_proxy$|no_proxy$|all_proxy$)/i.test(name)) env[name] = value
  }
  Object.assign(env, {
    ELECTRON_MIRROR: mirrorUrl,
    electron_config_cache: path.join(dir, 'cache'),
    npm_config_update_notifier: 'false',
    npm_config_cache: path.join(dir, 'npm-cache'),
    ...extraEnv,
  })
  const npmCli = process.env.npm_execpath
  const [command, args] = npmCli?.endsWith('npm-cli.js') ? [process.execPath, [npmCli, 'start']] : ['npm', ['start']]
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      resolve({ code, stdout, stderr })
    })
  })
}

let before: string[]
beforeAll(async () => {
  before = await fingerprint(realElectron)
})
afterAll(async () => {
  expect(await fingerprint(realElectron)).toEqual(before)
})

describe('npm start from a fresh clone, without the Electron binary', () => {
  it.each<[string, Answer, RegExp]>([
    [
      'the mirror has no such file',
      (respond) => {
        respond(404, Buffer.from('Not Found'))
      },
      /404/,
    ],
    [
      'the mirror sends a damaged archive',
      (respond) => {
        respond(200, Buffer.from('PK\u0003\u0004 not really a zip'))
      },
      /checksum/i,
    ],
  ])('asks the mirror for the archive, then says in one line what failed and what to do: %s', async (_, answer, cause) => {
    const dir = await freshClone()
    const { server, url, requests } = await mirror(answer)
    try {
      const { code, stdout, stderr } = await npmStart(dir, url)
      expect(requests).toEqual([`GET /v${version}/${archive}`])
      expect(code).not.toBe(0)
      expect(stdout).toContain(`downloading ${archive} from ${url}`)
      // npm adds its own "npm error ..." lines about the failed script; ours is the only other one.
      const ours = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm '))
      expect(ours).toHaveLength(1)
      expect(ours[0]).toMatch(new RegExp(`^Could not download Electron ${version.replaceAll('.', '\\.')} \\(${archive} from ${url}\\): `))
      expect(ours[0]).toMatch(cause)
      for (const remedy of ['ELECTRON_MIRROR', 'ELECTRON_CUSTOM_DIR', 'electron_config_cache', 'ELECTRON_EXEC_PATH'])
        expect(ours[0]).toContain(remedy)
      expect(stderr).not.toContain('Electron uninstall')
      // Nothing half-installed or cached that a later start would mistake for Electron.
      expect(await readdir(path.join(dir, 'node_modules/electron'))).not.toContain('path.txt')
      const cached = await readdir(path.join(dir, 'cache'), { recursive: true }).catch(() => [])
      expect(cached.filter((file) => file.endsWith('.zip'))).toEqual([])
    } finally {
      server.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('is the same step before npm run dev', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.prestart).toMatch(/ensure-electron/)
    expect(scripts.predev).toBe(scripts.prestart)
  })

  it('asks nothing of the mirror under ELECTRON_SKIP_BINARY_DOWNLOAD, and says in one line what to do', async () => {
    const dir = await freshClone()
    const { server, url, requests } = await mirror((respond) => {
      respond(404, Buffer.from('Not Found'))
    })
    try {
      const { code, stderr } = await npmStart(dir, url, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })
      expect(requests).toEqual([])
      expect(code).not.toBe(0)
      const ours = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm '))
      expect(ours).toHaveLength(1)
      expect(ours[0]).toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD is set/)
      expect(ours[0]).toContain('ELECTRON_EXEC_PATH')
    } finally {
      server.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
