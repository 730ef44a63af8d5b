import { join } from 'node:path'
import { z } from 'zod'
import { AppError, isAppError } from '../../shared/app-error'
import { localEndpointSchema, type LocalEndpoint } from '../../shared/contract/webhook-schema'
import { readJsonFile, writeJsonFile, type JsonRead } from '../storage/json-file'
import { createSerialQueue } from '../storage/serial-queue'

const fileSchema = z.object({ version: z.literal(1), endpoints: z.array(localEndpointSchema) })

/** Endpoints registered from this app, without their secrets (those are in the keychain). */
export class EndpointStore {
  private endpoints: LocalEndpoint[] = []
  private readonly writes = createSerialQueue()
  /** Why webhooks.json could not be read at load: it is then never written over. */
  private unreadable: string | null = null

  constructor(private readonly dataDir: string) {}

  get path(): string {
    return join(this.dataDir, 'webhooks.json')
  }

  async load(): Promise<string | null> {
    let read: JsonRead<z.infer<typeof fileSchema>>
    try {
      read = await readJsonFile(this.path, fileSchema)
    } catch (error) {
      // Start without the list, say why, and never write a shorter list over the one that could not be read.
      if (!isAppError(error)) throw error
      this.unreadable = error.message
      this.endpoints = []
      return `${error.message} Endpoints registered earlier are not listed until it can be read. Secrets in the keychain are not affected.`
    }
    this.endpoints = read.kind === 'ok' ? read.value.endpoints : []
    return read.kind === 'corrupt'
      ? `The list of registered webhook endpoints could not be read and was moved aside as ${read.movedTo}. Secrets in the keychain are not affected.`
      : null
  }

  list(): LocalEndpoint[] {
    return structuredClone(this.endpoints).sort((a, b) => b.createdAt - a.createdAt)
  }

  find(id: string): LocalEndpoint | undefined {
    const endpoint = this.endpoints.find((e) => e.id === id)
    return endpoint && structuredClone(endpoint)
  }

  async put(endpoint: LocalEndpoint): Promise<void> {
    this.endpoints = [...this.endpoints.filter((e) => e.id !== endpoint.id), structuredClone(endpoint)]
    if (this.unreadable !== null) {
      throw new AppError(
        'storage',
        `${this.unreadable} The list of endpoints is kept until Payments Desk closes, but not saved over a file that could not be read.`,
      )
    }
    const snapshot = { version: 1 as const, endpoints: this.endpoints }
    await this.writes.run(() => writeJsonFile(this.path, snapshot))
  }
}
