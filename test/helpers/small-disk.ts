import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A real file system of its own: a tmpfs of `sizeKb`, which fills up, or turns read-only, for real. */
export interface SmallDisk {
  path: string
  /** Remounts it read-only (EROFS on every write), or writable again. */
  setReadOnly(readOnly: boolean): Promise<void>
  unmount(): Promise<void>
}

/**
 * Whether the full-disk tests run: as root, or wherever PAYMENTS_DESK_DISK_TESTS=1 asks
 * for them (.ci/run does, so on CI they run or fail, never skip). A developer who runs
 * npm test as a normal user sees them skipped, by name, instead of failing.
 */
export const diskTestsRun = process.getuid?.() === 0 || process.env.PAYMENTS_DESK_DISK_TESTS === '1'

/**
 * Mounts a tmpfs under the temp folder. Needs root, as CI runs: as root, file modes do not
 * stop writes, so a real mount is the honest way to get a full or read-only disk.
 */
export async function mountSmallDisk(sizeKb: number): Promise<SmallDisk> {
  const path = await mkdtemp(join(tmpdir(), 'payments-desk-disk-'))
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k,mode=0700`, 'tmpfs', path])
  } catch (error) {
    await rm(path, { recursive: true, force: true })
    throw new Error(
      `Could not mount a ${sizeKb} KiB tmpfs at ${path} (${error instanceof Error ? error.message.trim() : String(error)}). ` +
        'The full-disk and read-only tests need root, as on CI.',
      { cause: error },
    )
  }
  return {
    path,
    async setReadOnly(readOnly) {
      await run('mount', ['-o', `remount,${readOnly ? 'ro' : 'rw'}`, path])
    },
    async unmount() {
      await run('umount', [path])
      await rm(path, { recursive: true, force: true })
    },
  }
}
