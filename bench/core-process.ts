import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAppCore, type AppCore } from '../src/main/app-core'
import { createMemoryStore } from '../src/main/secrets/keychain'
import type { SandboxProcess } from './sandbox-process'

/** The app's main-process core, pointed at a sandbox process, on a throwaway data folder. */
export async function startBenchCore(sandbox: SandboxProcess): Promise<{ core: AppCore; dataDir: string; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-bench-'))
  const core = await createAppCore({
    dataDir,
    secrets: createMemoryStore(),
    localService: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
    isTrustedSender: () => true,
  })
  return {
    core,
    dataDir,
    close: async () => {
      await core.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
