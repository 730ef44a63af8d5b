import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { eventContract, invokeContract } from '../../src/shared/contract/channels'

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: [] as [string, unknown][],
  listening: new Map<string, ((event: unknown, payload: unknown) => void)[]>(),
}))

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, value: unknown) => electron.exposed.set(key, value),
  },
  ipcRenderer: {
    invoke: (channel: string, request: unknown) => {
      electron.invoke.push([channel, request])
      return Promise.resolve({ ok: true, value: channel })
    },
    on: (channel: string, handler: (event: unknown, payload: unknown) => void) => {
      electron.listening.set(channel, [...(electron.listening.get(channel) ?? []), handler])
    },
    removeListener: (channel: string, handler: (event: unknown, payload: unknown) => void) => {
      electron.listening.set(
        channel,
        (electron.listening.get(channel) ?? []).filter((h) => h !== handler),
      )
    },
  },
}))

interface Exposed {
  invoke: Record<string, (request: unknown) => Promise<unknown>>
  on: Record<string, (listener: (payload: unknown) => void) => () => void>
}

const preloadEntry = resolve(import.meta.dirname, '../../src/preload/index.ts')

/** Every package the preload's code loads, following its relative imports (type-only imports load nothing). */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
      const specifier = match[1] ?? ''
      if (specifier.startsWith('.')) visit(`${join(dirname(file), specifier)}.ts`)
      else packages.add(specifier)
    }
  }
  visit(entry)
  return packages
}

describe('The preload', () => {
  let api: Exposed

  beforeAll(async () => {
    await import('../../src/preload/index')
    api = electron.exposed.get('paymentsDesk') as Exposed
  })

  it('exposes one object, paymentsDesk, with only invoke and on', () => {
    expect([...electron.exposed.keys()]).toEqual(['paymentsDesk'])
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on'])
  })

  it('has one function per invoke channel of the contract and nothing else, each sending to its own channel', async () => {
    expect(Object.keys(api.invoke).sort()).toEqual(Object.keys(invokeContract).sort())
    for (const name of Object.keys(invokeContract)) {
      await api.invoke[name]?.({ probe: name })
    }
    expect(electron.invoke).toEqual(Object.keys(invokeContract).map((name) => [`payments-desk:${name}`, { probe: name }]))
  })

  it('has one subscription per event of the contract, which hands over the payload only and can be removed', () => {
    expect(Object.keys(api.on).sort()).toEqual(Object.keys(eventContract).sort())
    for (const name of Object.keys(eventContract)) {
      const heard: unknown[] = []
      const stop = api.on[name]?.((payload) => heard.push(payload))
      const channel = `payments-desk:event:${name}`
      for (const handler of electron.listening.get(channel) ?? []) handler({ sender: 'the IPC event object' }, { n: 1 })
      expect(heard).toEqual([{ n: 1 }])
      stop?.()
      expect(electron.listening.get(channel)).toEqual([])
    }
  })

  it('loads no package but electron: the schema library stays in main and the renderer', () => {
    expect([...packagesLoadedBy(preloadEntry)]).toEqual(['electron'])
  })
})
