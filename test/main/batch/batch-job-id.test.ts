import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isBatchJobId, newBatchJobId } from '../../../src/main/batch/batch-files'
import { childPath, isInside } from '../../../src/main/storage/contained-path'

describe('batch IDs and the paths made from them', () => {
  it('accepts the IDs the app generates, and nothing else', () => {
    const id = newBatchJobId(new Date(Date.UTC(2026, 2, 1, 12, 30, 5, 42)))
    expect(id).toMatch(/^batch_2026-03-01T12-30-05-042Z_[0-9a-f]{8}$/)
    expect(isBatchJobId(id)).toBe(true)
    for (const bad of [
      '',
      '.',
      '..',
      '../../escape',
      `${id}/..`,
      `../${id}`,
      `${id}\n`,
      ` ${id}`,
      id.toUpperCase(),
      `${id}0`,
      '/tmp/x',
      'batch_x',
    ]) {
      expect(isBatchJobId(bad), JSON.stringify(bad)).toBe(false)
    }
  })

  it('resolves a child only when it is one plain segment inside the folder', () => {
    const root = resolve('/data/batches')
    expect(childPath(root, 'batch_1')).toBe(join(root, 'batch_1'))
    for (const bad of ['', '.', '..', '../x', 'a/b', 'a\\b', '/etc', 'x\u0000']) {
      expect(childPath(root, bad), JSON.stringify(bad)).toBeNull()
    }
    // Encoded separators are not separators on disk: a folder with that odd name, inside.
    expect(childPath(root, '..%2Fx')).toBe(join(root, '..%2Fx'))
    expect(isInside(join(root, 'a', '..', '..', 'x'), root)).toBe(false)
    expect(isInside('/data/batches-other', root)).toBe(false)
    expect(isInside(root, root)).toBe(true)
    expect(isInside(join(root, '..x'), root)).toBe(true)
  })
})
