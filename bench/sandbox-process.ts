import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'

export interface SandboxProcess {
  baseUrl: string
  apiKey: string
  stop(): Promise<void>
}

/**
 * Starts the sandbox CLI in its own process, so a load generator in this process
 * measures the server and not a shared event loop.
 */
export async function spawnSandbox(args: string[] = []): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (!child.stdout) throw new Error('sandbox process has no stdout')
  const lines = createInterface({ input: child.stdout })
  let baseUrl = ''
  let apiKey = ''
  for await (const line of lines) {
    baseUrl = /listening on (\S+)/.exec(line)?.[1] ?? baseUrl
    apiKey = /\(X-Service-Api-Key\): (\S+)/.exec(line)?.[1] ?? apiKey
    if (baseUrl && apiKey) break
  }
  if (!baseUrl || !apiKey) throw new Error('the sandbox process did not print its base URL and key')
  return {
    baseUrl,
    apiKey,
    async stop() {
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    },
  }
}
