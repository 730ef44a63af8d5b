import type { AppErrorShape } from '../app-error'

/** What every channel returns: errors as data, so the renderer sees the real cause. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape }
