import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { SettingsStore } from '../../../src/main/settings/settings-store'
import { AppError } from '../../../src/shared/app-error'
import { defaultSettings, type Settings } from '../../../src/shared/contract/settings-schema'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-settings-'))
})

afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined)
  await rm(dir, { recursive: true, force: true })
})

const custom: Settings = {
  ...defaultSettings,
  activeEnvironment: 'production',
  environments: { production: { baseUrl: 'https://api.example.com' }, operator: { baseUrl: null } },
  throttle: { ceiling: 25, concurrency: 2, headroom: 0.15 },
  recentLookups: [
    { id: 'pay_1', environment: 'production', account: 'default' },
    { id: 'pay_2', environment: 'local', account: 'default' },
  ],
  theme: 'dark',
}

/** A data folder the app cannot write to: read-only, or (as root, where modes do not bind) under a file. */
async function unwritableDataDir(): Promise<string> {
  const folder = join(dir, 'locked')
  await mkdir(folder)
  await chmod(folder, 0o500)
  const probe = join(folder, 'probe')
  const stillWritable = await writeFile(probe, '').then(
    () => true,
    () => false,
  )
  if (!stillWritable) return folder
  await rm(probe)
  await writeFile(join(dir, 'a-file'), '')
  return join(dir, 'a-file', 'data')
}

describe('SettingsStore.load', () => {
  it('starts from the defaults, with no notice, when there is no file', async () => {
    const store = new SettingsStore(dir)
    expect(await store.load()).toEqual({ settings: defaultSettings, notice: null })
    expect(await readdir(dir)).toEqual([])
  })

  it('reads back what was saved, in a new store', async () => {
    const first = new SettingsStore(dir)
    await first.load()
    await first.update(() => custom)
    const second = new SettingsStore(dir)
    expect(await second.load()).toEqual({ settings: custom, notice: null })
    expect(second.get()).toEqual(custom)
  })

  it.each([
    ['corrupt JSON', '{"version": 1, "theme": '],
    ['half of a valid file', JSON.stringify(custom, null, 2).slice(0, 120)],
    ['foreign JSON', JSON.stringify({ ...custom, version: 2 })],
    ['a wrong-typed field', JSON.stringify({ ...custom, throttle: { ceiling: 'fast', concurrency: 2 } })],
    ['an empty file', ''],
  ])('sets %s aside, restores the defaults and says where the file went', async (_label, content) => {
    await writeFile(join(dir, 'settings.json'), content)
    const store = new SettingsStore(dir)
    const loaded = await store.load()
    expect(loaded.settings).toEqual(defaultSettings)
    expect(store.get()).toEqual(defaultSettings)
    const files = await readdir(dir)
    expect(files).toHaveLength(1)
    const moved = files[0] ?? ''
    expect(moved).toMatch(/^settings\.corrupt-.+\.json$/)
    expect(await readFile(join(dir, moved), 'utf8')).toBe(content)
    expect(loaded.notice).toContain(moved)
    expect(loaded.notice).toContain('defaults were restored')
  })

  it('saves the next change over the defaults after a corrupt file was set aside', async () => {
    await writeFile(join(dir, 'settings.json'), 'garbage')
    const store = new SettingsStore(dir)
    await store.load()
    await store.update((s) => ({ ...s, theme: 'light' }))
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toEqual({ ...defaultSettings, theme: 'light' })
  })
})

describe('SettingsStore.update', () => {
  it('hands out a frozen snapshot: changing it throws and leaves the store as it was', async () => {
    const store = new SettingsStore(dir)
    await store.load()
    expect(() => store.get().recentLookups.push({ id: 'pay_x', environment: 'local', account: 'default' })).toThrow(TypeError)
    expect(() => {
      store.get().throttle.ceiling = 5
    }).toThrow(TypeError)
    expect(store.get().recentLookups).toEqual([])
    expect(store.get().throttle.ceiling).toBe(100)
  })

  it.each([
    ['a ceiling of 0', (s: Settings): Settings => ({ ...s, throttle: { ceiling: 0, concurrency: 1, headroom: 0.1 } })],
    ['a fractional concurrency', (s: Settings): Settings => ({ ...s, throttle: { ceiling: 10, concurrency: 1.5, headroom: 0.1 } })],
    ['an unknown environment', (s: Settings): Settings => ({ ...s, activeEnvironment: 'staging' as Settings['activeEnvironment'] })],
    [
      '101 recent lookups',
      (s: Settings): Settings => ({
        ...s,
        recentLookups: Array.from({ length: 101 }, (_, i) => ({ id: `pay_${i}`, environment: 'local' as const, account: 'default' })),
      }),
    ],
  ])('refuses %s and keeps the file and the value as they were', async (_label, change) => {
    const store = new SettingsStore(dir)
    await store.load()
    await store.update(() => custom)
    const before = await readFile(store.path, 'utf8')
    await expect(store.update(change)).rejects.toBeInstanceOf(ZodError)
    expect(store.get()).toEqual(custom)
    expect(await readFile(store.path, 'utf8')).toBe(before)
  })

  it('serialises concurrent updates: the file is valid JSON and holds the last one', async () => {
    const store = new SettingsStore(dir)
    await store.load()
    // Earlier updates write larger files, so unordered writes would finish out of order.
    const lookups = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: `pay_${i}_${'x'.repeat(240)}`, environment: 'local' as const, account: 'default' }))
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        store.update((s) => ({ ...s, throttle: { ...s.throttle, ceiling: i + 1 }, recentLookups: lookups(20 - 2 * i) })),
      ),
    )
    const saved = JSON.parse(await readFile(store.path, 'utf8')) as Settings
    expect(saved.throttle.ceiling).toBe(10)
    expect(saved.recentLookups).toEqual(lookups(2))
    expect(store.get()).toEqual(saved)
    expect(await readdir(dir)).toEqual(['settings.json'])
  })

  it('reports a folder it cannot write to as a storage error and keeps the change in memory', async () => {
    const dataDir = await unwritableDataDir()
    const store = new SettingsStore(dataDir)
    const error: unknown = await store.update((s) => ({ ...s, theme: 'dark' })).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'storage' })
    expect((error as AppError).message).toMatch(
      /^Could not save settings\.json because (the folder is read-only|part of its folder path is a file, not a folder)/,
    )
    expect((error as AppError).message).toContain(dataDir)
    expect(store.get().theme).toBe('dark')
    expect((await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })
})
