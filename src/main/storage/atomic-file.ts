import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'

/**
 * Writes through a temporary file, flushed to disk, then renamed over the target:
 * a crash leaves either the old file or the new one, never half of each.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    const handle = await open(temp, 'w', 0o600)
    try {
      await handle.writeFile(content, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}
