import { isAppError, type AppErrorShape } from '../../../shared/app-error'

/** Anything caught in the renderer, as the code and message the screens show. */
export function toErrorShape(error: unknown): AppErrorShape {
  if (isAppError(error)) return error.toShape()
  return { code: 'internal', message: 'Something went wrong in this screen. Try again; if it keeps happening, restart the app.' }
}
