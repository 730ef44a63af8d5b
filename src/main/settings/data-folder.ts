import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fsErrorCode } from '../storage/json-file'

const privateFolder = 0o700
const othersBits = 0o077

/**
 * Creates the data folder if needed and makes it, and everything in it, readable by this
 * user only: folders 0700, files without group or other bits. The folder may predate the
 * app's own mkdir calls (Electron creates userData with the umask's mode, usually 0755; an
 * earlier version left 0644 files), and a mode given to mkdir does not change a folder that
 * exists. Symbolic links are not followed. Returns what to tell the user when a mode could
 * not be changed; the app still starts.
 */
export async function makeDataFolderPrivate(dataDir: string, platform: NodeJS.Platform = process.platform): Promise<string | null> {
  try {
    await mkdir(dataDir, { recursive: true, mode: privateFolder })
  } catch (error) {
    if (fsErrorCode(error) === undefined) throw error
    // The stores that read and write the folder say why it cannot be used, file by file.
    return null
  }
  // Windows has no POSIX modes: the folder sits in the user's profile, private by its ACL.
  if (platform === 'win32') return null
  try {
    await restrict(dataDir, true)
    return null
  } catch (error) {
    const code = fsErrorCode(error)
    if (code === undefined) throw error
    return `The data folder (${dataDir}) could not be made private to your account (${code}): other users of this computer may be able to read its settings, audit log and batch results. Check the folder's owner and permissions.`
  }
}

async function restrict(path: string, isFolder: boolean): Promise<void> {
  const mode = (await lstat(path)).mode & 0o777
  const wanted = isFolder ? privateFolder : mode & ~othersBits
  // Only when it differs: a folder that is already private may sit on a read-only disk.
  if (mode !== wanted) await chmod(path, wanted)
  if (!isFolder) return
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isDirectory() || entry.isFile()) await restrict(join(path, entry.name), entry.isDirectory())
  }
}
