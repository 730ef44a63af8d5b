import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../../../src/shared/app-error'
import { writeFileAtomic } from '../../../src/main/storage/atomic-file'
import { readJsonFile, writeJsonFile } from '../../../src/main/storage/json-file'
import { mountSmallDisk, type SmallDisk } from '../../helpers/small-disk'

const schema = z.object({ name: z.string(), count: z.number() })
const valid = `${JSON.stringify({ name: 'desk', count: 3 }, null, 2)}\n`

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-json-'))
})

afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined)
  await rm(dir, { recursive: true, force: true })
})

async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return error
}

describe('readJsonFile', () => {
  it('reports a missing file as missing, without creating it', async () => {
    const path = join(dir, 'absent.json')
    expect(await readJsonFile(path, schema)).toEqual({ kind: 'missing' })
    expect(await readdir(dir)).toEqual([])
  })

  it('reads back what writeJsonFile wrote', async () => {
    const path = join(dir, 'nested', 'data.json')
    await writeJsonFile(path, { name: 'desk', count: 3 })
    expect(await readJsonFile(path, schema)).toEqual({ kind: 'ok', value: { name: 'desk', count: 3 } })
  })

  it.each([
    ['corrupt JSON', '{"name": "desk", count: 3}'],
    ['a truncated file', valid.slice(0, Math.floor(valid.length / 2))],
    ['foreign JSON', '{"users": ["ada"]}'],
    ['an empty file', ''],
    ['a JSON null', 'null'],
  ])('moves %s aside, keeping its bytes, and names the new file', async (_label, content) => {
    const path = join(dir, 'data.json')
    await writeFile(path, content)
    const read = await readJsonFile(path, schema)
    if (read.kind !== 'corrupt') throw new Error(`expected corrupt, got ${read.kind}`)
    expect(read.movedTo).toMatch(/^data\.corrupt-[\dTZ-]+\.json$/)
    expect(await readdir(dir)).toEqual([read.movedTo])
    expect(await readFile(join(dir, read.movedTo), 'utf8')).toBe(content)
  })

  it('refuses a file it cannot read with a storage error', async () => {
    await writeFile(join(dir, 'blocker'), 'not a folder')
    const error = await caught(readJsonFile(join(dir, 'blocker', 'data.json'), schema))
    expect(error.code).toBe('storage')
    expect(error.message).toContain('part of its folder path is a file')
  })
})

describe('writeJsonFile', () => {
  it('writes pretty JSON with a final newline and leaves no temporary file', async () => {
    const path = join(dir, 'data.json')
    await writeJsonFile(path, { name: 'desk', count: 3 })
    expect(await readFile(path, 'utf8')).toBe(valid)
    expect(await readdir(dir)).toEqual(['data.json'])
  })

  it('replaces the previous content whole', async () => {
    const path = join(dir, 'data.json')
    await writeJsonFile(path, { name: 'a long name that makes the first file longer', count: 1 })
    await writeJsonFile(path, { name: 'b', count: 2 })
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ name: 'b', count: 2 })
  })

  it('turns a failed write into a storage error naming the file and the folder', async () => {
    await writeFile(join(dir, 'blocker'), 'not a folder')
    const folder = join(dir, 'blocker', 'sub')
    const error = await caught(writeJsonFile(join(folder, 'data.json'), { name: 'x', count: 1 }))
    expect(error.code).toBe('storage')
    expect(error.message).toBe(`Could not save data.json because part of its folder path is a file, not a folder (${folder}).`)
  })

  it('says the folder is read-only when it is', async () => {
    await chmod(dir, 0o500)
    const probe = join(dir, 'probe')
    const writable = await writeFile(probe, '').then(
      () => true,
      () => false,
    )
    // As root, permissions do not stop writes: a read-only mount does.
    let disk: SmallDisk | undefined
    if (writable) {
      await rm(probe)
      disk = await mountSmallDisk(64)
      await disk.setReadOnly(true)
    }
    try {
      const error = await caught(writeJsonFile(join(disk?.path ?? dir, 'data.json'), { name: 'x', count: 1 }))
      expect(error.code).toBe('storage')
      expect(error.message).toContain('because the folder is read-only')
    } finally {
      await disk?.unmount()
    }
  })
})

describe('writeFileAtomic', () => {
  it('cleans up its temporary file when the rename fails, and leaves the target as it was', async () => {
    const target = join(dir, 'target.json')
    await mkdir(target)
    await writeFile(join(target, 'inside'), 'kept')
    await expect(writeFileAtomic(target, 'new content')).rejects.toThrow()
    expect(await readdir(dir)).toEqual(['target.json'])
    expect(await readFile(join(target, 'inside'), 'utf8')).toBe('kept')
  })

  it('creates the file readable by its owner only', async () => {
    const path = join(dir, 'private.json')
    await writeFileAtomic(path, '{}')
    expect((await stat(path)).mode & 0o777).toBe(0o600)
  })
})
