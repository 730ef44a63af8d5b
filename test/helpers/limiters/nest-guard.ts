import 'reflect-metadata'
import type { ExecutionContext } from '@nestjs/common'
import { Reflector } from '@nestjs/core'
import { ThrottlerException, ThrottlerGuard, ThrottlerStorageService, type ThrottlerOptions } from '@nestjs/throttler'
import { nestThrottlerConfigs, type NestThrottlerConfig } from './real-limiters'

/**
 * @nestjs/throttler's own guard and in-memory storage, unchanged, answering requests on the clock
 * the caller runs (vitest's fake timers in a virtual-time test): what the real service counts
 * and the headers it writes, over minutes of virtual time in milliseconds of real time. The HTTP
 * around it is the limiter servers' (real-limiters.ts), run in the bench and in real-limiters.test.ts.
 */
export async function nestGuard(
  config: NestThrottlerConfig | ThrottlerOptions[],
): Promise<(path: string) => Promise<{ status: number; headers: Headers }>> {
  const guard = new ThrottlerGuard(
    typeof config === 'string' ? nestThrottlerConfigs[config] : config,
    new ThrottlerStorageService(),
    new Reflector(),
  )
  await guard.onModuleInit()
  // The guard keys its counts by the controller's and the handler's names.
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a controller's name is all the guard reads of it
  class PaymentController {}
  function find(): void {}
  return async (path) => {
    const headers = new Headers()
    const response = {
      header: (name: string, value: unknown) => {
        headers.set(name, String(value))
      },
    }
    const context = {
      getClass: () => PaymentController,
      getHandler: () => find,
      getType: () => 'http',
      switchToHttp: () => ({ getRequest: () => ({ ip: '127.0.0.1', url: path, headers: {} }), getResponse: () => response }),
    } as unknown as ExecutionContext
    try {
      await guard.canActivate(context)
      return { status: 200, headers }
    } catch (error) {
      if (error instanceof ThrottlerException) return { status: 429, headers }
      throw error
    }
  }
}
