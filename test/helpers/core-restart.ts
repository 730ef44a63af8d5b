import { rm } from 'node:fs/promises'
import { createAppCore, type AppCore } from '../../src/main/app-core'
import { throwOnUndeclared, type CoreFixture } from './app-core-fixture'

/**
 * The app closed, its data folder edited (`whileClosed`), and started again on the same
 * folder and keychain: the entry point of someone who can write the data folder.
 */
export async function restartCore(fixture: CoreFixture, whileClosed: () => Promise<void>): Promise<AppCore> {
  await fixture.core.close()
  await whileClosed()
  return createAppCore({
    dataDir: fixture.dataDir,
    secrets: fixture.secrets,
    localService: { baseUrl: fixture.sandbox.baseUrl, apiKey: fixture.sandbox.apiKey },
    isTrustedSender: (sender) => sender.fromAppWindow,
    client: { retry: { baseDelayMs: 5, maxDelayMs: 50 } },
    onInternalError: throwOnUndeclared,
  })
}

/** Instead of fixture.close() after a restart: the first core is closed already. */
export async function closeRestarted(fixture: CoreFixture, core: AppCore): Promise<void> {
  await core.close()
  await fixture.sandbox.close()
  await rm(fixture.dataDir, { recursive: true, force: true })
}
