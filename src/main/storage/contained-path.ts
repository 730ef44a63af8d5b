import { constants } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'

// Opening for append never follows a link planted in the data folder, which could lead to
// any file of the user's. Windows has no O_NOFOLLOW (undefined there, whatever the types say).
const noFollow = (constants as { O_NOFOLLOW?: number }).O_NOFOLLOW ?? 0
/** Flags for `open` that append to a file inside the data folder, creating it, never through a link (ELOOP). */
export const appendNoFollowFlags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | noFollow

/** Whether `path` is `root` itself or lies below it, after resolving both. */
export function isInside(path: string, root: string): boolean {
  const rel = relative(resolve(root), resolve(path))
  // `..` as the first segment is outside; a name like `..x` is not.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

/**
 * `root/name` for a name read from disk or from a request: one plain path segment that
 * stays inside `root`, or null. No separators of any platform, no `.` or `..`, no NUL.
 */
export function childPath(root: string, name: string): string | null {
  // eslint-disable-next-line no-control-regex -- a control character never names a folder this app made
  if (name === '' || name === '.' || name === '..' || /[/\\\u0000-\u001f]/.test(name)) return null
  const path = resolve(root, name)
  return isInside(path, root) && path !== resolve(root) ? path : null
}
