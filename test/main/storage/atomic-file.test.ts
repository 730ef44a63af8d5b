import type * as FsPromises from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { writeFileAtomic } from '../../../src/main/storage/atomic-file'
import { writeJsonFile } from '../../../src/main/storage/json-file'
import { SettingsStore } from '../../../src/main/settings/settings-store'
import { EndpointStore } from '../../../src/main/webhooks/endpoint-store'
import { AppError } from '../../../src/shared/app-error'

// A disk that fills up in the middle of a write (half the bytes land, then ENOSPC), or a
// slow one where each write takes longer than the one opened after it.
const disk = vi.hoisted(() => ({ full: false, slowFirst: false, opened: 0 }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>()
  async function open(...args: Parameters<typeof real.open>): Promise<FileHandle> {
    const handle = await real.open(...args)
    const order = disk.opened++
    if (!disk.full && !disk.slowFirst) return handle
    return new Proxy(handle, {
      get(target, key, receiver) {
        if (disk.slowFirst && key === 'sync') {
          return async () => {
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, 60 - 6 * order)))
            await target.sync()
          }
        }
        if (key !== 'writeFile' || !disk.full) return Reflect.get(target, key, receiver) as unknown
        return async (data: string) => {
          await target.writeFile(data.slice(0, Math.floor(data.length / 2)))
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
        }
      },
    })
  }
  return { ...real, open }
})

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-atomic-'))
  disk.full = false
  disk.slowFirst = false
  disk.opened = 0
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('a write that fails half way', () => {
  it('leaves the previous file whole and no temporary file behind', async () => {
    const path = join(dir, 'data.json')
    await writeFile(path, 'the previous content')
    disk.full = true
    await expect(writeFileAtomic(path, 'x'.repeat(10_000))).rejects.toMatchObject({ code: 'ENOSPC' })
    expect(await readFile(path, 'utf8')).toBe('the previous content')
    expect(await readdir(dir)).toEqual(['data.json'])
  })

  it('is reported as a full disk by writeJsonFile', async () => {
    disk.full = true
    const error: unknown = await writeJsonFile(join(dir, 'data.json'), { a: 1 }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'storage', message: `Could not save data.json because the disk is full (${dir}).` })
    expect(await readdir(dir)).toEqual([])
  })

  it('keeps the settings file as it was, and the change in memory', async () => {
    const store = new SettingsStore(dir)
    await store.load()
    await store.update((s) => ({ ...s, theme: 'dark' }))
    const before = await readFile(store.path, 'utf8')
    disk.full = true
    await expect(store.update((s) => ({ ...s, theme: 'light' }))).rejects.toMatchObject({ code: 'storage' })
    expect(await readFile(store.path, 'utf8')).toBe(before)
    expect(await readdir(dir)).toEqual(['settings.json'])
    expect(store.get().theme).toBe('light')
    disk.full = false
    const recent = { id: 'pay_1', environment: 'local' as const, account: 'default' }
    await store.update((s) => ({ ...s, recentLookups: [recent] }))
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toMatchObject({ theme: 'light', recentLookups: [recent] })
  })
})

describe('concurrent saves on a disk where earlier writes are slower', () => {
  it('settings end with the last update, not the slowest', async () => {
    const store = new SettingsStore(dir)
    await store.load()
    disk.slowFirst = true
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.update((s) => ({ ...s, throttle: { ...s.throttle, ceiling: i + 1 } }))))
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toMatchObject({ throttle: { ceiling: 10 } })
    expect(await readdir(dir)).toEqual(['settings.json'])
  })

  it('webhook endpoints end with every put', async () => {
    const store = new EndpointStore(dir)
    await store.load()
    disk.slowFirst = true
    const ids = Array.from({ length: 10 }, (_, i) => `ep_${i}`)
    await Promise.all(
      ids.map((id, i) =>
        store.put({
          id,
          serviceId: null,
          url: 'https://hooks.example.com/',
          environment: 'local',
          connect: false,
          createdAt: i,
          fingerprint: 'f',
          secretStored: true,
          revealedAt: null,
        }),
      ),
    )
    const saved = JSON.parse(await readFile(store.path, 'utf8')) as { endpoints: { id: string }[] }
    expect(saved.endpoints.map((e) => e.id)).toEqual(ids)
  })
})
