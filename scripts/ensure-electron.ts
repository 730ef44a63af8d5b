// Runs before `npm start` and `npm run dev`. Electron 45 no longer downloads its binary when it is
// installed, and electron-vite only reads node_modules/electron/path.txt, failing with "Electron
// uninstall" when it is missing. So the binary is fetched here, by Electron's own installer (which
// honours ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, electron_config_cache and the checksums it ships),
// and a failed download ends in one line saying what was tried and what to do.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const electronDir = path.dirname(require.resolve('electron/package.json'))
const { version } = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8')) as { version: string }

function installed(): boolean {
  const pathFile = path.join(electronDir, 'path.txt')
  return existsSync(pathFile) && existsSync(path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8')))
}

// The same platform and arch install.js asks for, so the line names the file it requests.
const platform = process.env.ELECTRON_INSTALL_PLATFORM ?? process.env.npm_config_platform ?? process.platform
const arch = process.env.ELECTRON_INSTALL_ARCH ?? process.env.npm_config_arch ?? process.arch
const archive = `electron-v${version}-${platform}-${arch}.zip`
const source = process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/'
const whatToDo =
  'Offline or behind a proxy? Set ELECTRON_MIRROR to a mirror you can reach (ELECTRON_CUSTOM_DIR for its folder layout), ' +
  'or ELECTRON_GET_USE_PROXY=1 with HTTPS_PROXY, or copy a filled Electron cache (electron_config_cache), ' +
  `or unzip ${archive} anywhere and set ELECTRON_EXEC_PATH to the electron executable in it; then run npm start again (README: "First run").`

function fail(line: string): never {
  console.error(line)
  process.exit(1)
}

// electron-vite runs ELECTRON_EXEC_PATH when it is set, whatever node_modules holds.
if (!process.env.ELECTRON_EXEC_PATH && !installed()) {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    fail(`Electron ${version} is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so ${archive} was not downloaded. ${whatToDo}`)
  }
  console.log(`Electron ${version} is not installed yet: downloading ${archive} from ${source} once (later runs use Electron's cache)...`)
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  })
  if (result.status !== 0 || !installed()) {
    // install.js prints the error's stack; its first line is the cause ("Response code 404 ...", "fetch failed").
    const cause = (result.error?.message ?? result.stderr.split('\n').find((text) => text.trim() !== '') ?? 'no reason given').trim()
    fail(`Could not download Electron ${version} (${archive} from ${source}): ${cause}. ${whatToDo}`)
  }
}
