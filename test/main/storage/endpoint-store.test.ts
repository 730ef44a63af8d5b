import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EndpointStore } from '../../../src/main/webhooks/endpoint-store'
import type { LocalEndpoint } from '../../../src/shared/contract/webhook-schema'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-endpoints-'))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function endpoint(id: string, createdAt: number): LocalEndpoint {
  return {
    id,
    serviceId: `we_${id}`,
    url: `https://hooks.example.com/${id}`,
    environment: 'local',
    connect: false,
    createdAt,
    fingerprint: 'SHA256:0000 1111 2222 3333',
    secretStored: true,
    revealedAt: null,
  }
}

describe('EndpointStore', () => {
  it('starts empty, with no notice, when there is no file', async () => {
    const store = new EndpointStore(dir)
    expect(await store.load()).toBeNull()
    expect(store.list()).toEqual([])
    expect(store.find('ep_1')).toBeUndefined()
  })

  it('keeps endpoints across a restart, newest first', async () => {
    const store = new EndpointStore(dir)
    await store.load()
    await store.put(endpoint('ep_old', 1_000))
    await store.put(endpoint('ep_new', 2_000))
    const reopened = new EndpointStore(dir)
    expect(await reopened.load()).toBeNull()
    expect(reopened.list().map((e) => e.id)).toEqual(['ep_new', 'ep_old'])
    expect(reopened.find('ep_old')).toEqual(endpoint('ep_old', 1_000))
  })

  it('replaces an endpoint put again under the same ID', async () => {
    const store = new EndpointStore(dir)
    await store.load()
    await store.put(endpoint('ep_1', 1_000))
    await store.put({ ...endpoint('ep_1', 1_000), revealedAt: 5_000 })
    const reopened = new EndpointStore(dir)
    await reopened.load()
    expect(reopened.list()).toEqual([{ ...endpoint('ep_1', 1_000), revealedAt: 5_000 }])
  })

  it('never writes a secret: the file holds only the listed fields', async () => {
    const store = new EndpointStore(dir)
    await store.load()
    await store.put(endpoint('ep_1', 1_000))
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toEqual({ version: 1, endpoints: [endpoint('ep_1', 1_000)] })
  })

  it.each([
    ['corrupt JSON', '{"version":1,"endpoints":[{'],
    ['half of a valid file', JSON.stringify({ version: 1, endpoints: [endpoint('ep_1', 1)] }).slice(0, 40)],
    ['foreign JSON', JSON.stringify([endpoint('ep_1', 1)])],
    ['an empty file', ''],
  ])('sets %s aside, starts empty and says where the file went', async (_label, content) => {
    await writeFile(join(dir, 'webhooks.json'), content)
    const store = new EndpointStore(dir)
    const notice = await store.load()
    expect(store.list()).toEqual([])
    const files = await readdir(dir)
    expect(files).toHaveLength(1)
    const moved = files[0] ?? ''
    expect(moved).toMatch(/^webhooks\.corrupt-.+\.json$/)
    expect(await readFile(join(dir, moved), 'utf8')).toBe(content)
    expect(notice).toContain(moved)
  })

  it('serialises concurrent puts: the file is valid JSON and holds all of them', async () => {
    const store = new EndpointStore(dir)
    await store.load()
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.put(endpoint(`ep_${i}`, i))))
    const saved = JSON.parse(await readFile(store.path, 'utf8')) as { endpoints: LocalEndpoint[] }
    expect(saved.endpoints.map((e) => e.id)).toEqual(Array.from({ length: 10 }, (_, i) => `ep_${i}`))
    expect(await readdir(dir)).toEqual(['webhooks.json'])
  })

  it('hands out copies: changing one does not change the store', async () => {
    const store = new EndpointStore(dir)
    await store.load()
    await store.put(endpoint('ep_1', 1))
    const copy = store.find('ep_1')
    if (copy) copy.url = 'https://evil.example.com'
    expect(store.find('ep_1')?.url).toBe('https://hooks.example.com/ep_1')
  })
})
