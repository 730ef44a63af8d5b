import 'reflect-metadata'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { Controller, Get, Logger, Module, Param } from '@nestjs/common'
import { APP_GUARD, NestFactory } from '@nestjs/core'
import { ThrottlerGuard, ThrottlerModule, type ThrottlerOptions } from '@nestjs/throttler'
import express from 'express'
import { rateLimit } from 'express-rate-limit'

// The rate limiters a NestJS or Express service really runs, unchanged, in front of a payment
// lookup: @nestjs/throttler in the three configurations, express-rate-limit in each of
// its header modes. Beside the hand-written shapes, so no rule is tuned to our own limiters.

export interface RealLimiter {
  baseUrl: string
  /** Status of every answer, in the order the server sent them. */
  readonly statuses: number[]
  close(): Promise<void>
}

/** A window of `limit` requests per `ttl` ms. */
export interface LimiterWindow {
  ttl: number
  limit: number
}

export const nestThrottlerConfigs = {
  // One throttler, 20 per second.
  'nest-one-20-per-1s': [{ ttl: 1_000, limit: 20 }],
  // The throttler docs' three named throttlers.
  'nest-named-short-medium-long': [
    { name: 'short', ttl: 1_000, limit: 3 },
    { name: 'medium', ttl: 10_000, limit: 20 },
    { name: 'long', ttl: 60_000, limit: 100 },
  ],
  // 50 per 2 s, and a client over it is blocked for 5 s.
  'nest-50-per-2s-block-5s': [{ ttl: 2_000, limit: 50, blockDuration: 5_000 }],
} satisfies Record<string, ThrottlerOptions[]>

export type NestThrottlerConfig = keyof typeof nestThrottlerConfigs

/**
 * The rate, per second, a limiter's windows allow over a run of `seconds`: the tightest of its
 * windows, each at `limit` per `ttl`, except that a window longer than the run allows its whole
 * limit within the run. So @nestjs/throttler's named throttlers are held to "medium" (20 per
 * 10 s) in a run under 50 s, and to "long" (100 per 60 s) from a minute on.
 */
export function ceilingPerSecond(windows: readonly LimiterWindow[], seconds: number): number {
  return Math.min(...windows.map(({ ttl, limit }) => limit / Math.min(ttl / 1000, seconds)))
}

/** The rate a limiter allows however long the run: its tightest window. */
export const longRunPerSecond = (windows: readonly LimiterWindow[]): number => ceilingPerSecond(windows, Infinity)

export const expressRateLimitModes = ['legacy', 'draft-6', 'draft-7', 'draft-8'] as const
export type ExpressRateLimitMode = (typeof expressRateLimitModes)[number]
/** express-rate-limit's window in every mode, in the throttler's terms: 20 per second. */
export const expressRateLimitWindow = { ttl: 1_000, limit: 20 } as const satisfies LimiterWindow

const payment = (id: string) => ({ id, status: 'failed', amount: 1_500, currency: 'EUR' })

/** A minimal NestJS service: GET /api/payment/:id behind @nestjs/throttler's guard. Decorators are applied as calls (no decorator build step). */
export async function startNestThrottler(config: NestThrottlerConfig): Promise<RealLimiter> {
  const statuses: number[] = []
  class PaymentController {
    find(id: string) {
      return payment(id)
    }
  }
  const find = Object.getOwnPropertyDescriptor(PaymentController.prototype, 'find')
  Param('id')(PaymentController.prototype, 'find', 0)
  Get('api/payment/:id')(PaymentController.prototype, 'find', find ?? {})
  Controller()(PaymentController)
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a Nest module is a class its decorator describes
  class AppModule {}
  Module({
    imports: [ThrottlerModule.forRoot(nestThrottlerConfigs[config])],
    controllers: [PaymentController],
    providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
  })(AppModule)
  // Errors only: a module that cannot start says why before Nest exits the process.
  Logger.overrideLogger(['error'])
  const app = await NestFactory.create(AppModule)
  app.use((_req: unknown, res: { on(event: 'finish', listener: () => void): void; statusCode: number }, next: () => void) => {
    res.on('finish', () => statuses.push(res.statusCode))
    next()
  })
  await app.listen(0, '127.0.0.1')
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo
  return { baseUrl: `http://127.0.0.1:${port}`, statuses, close: () => app.close() }
}

/** A minimal Express service behind express-rate-limit (expressRateLimitWindow), its headers in `mode`. */
export async function startExpressRateLimit(mode: ExpressRateLimitMode): Promise<RealLimiter> {
  const statuses: number[] = []
  const app = express()
  app.use((_req, res, next) => {
    res.on('finish', () => statuses.push(res.statusCode))
    next()
  })
  app.use(
    rateLimit({
      windowMs: expressRateLimitWindow.ttl,
      limit: expressRateLimitWindow.limit,
      standardHeaders: mode === 'legacy' ? false : mode,
      legacyHeaders: mode === 'legacy',
      ...(mode === 'draft-8' ? { identifier: 'payments' } : {}),
    }),
  )
  app.get('/api/payment/:id', (req, res) => {
    res.json(payment(req.params.id))
  })
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => {
      resolve(listening)
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    statuses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}

/**
 * The real limiters a limiter process (limiter-cli.ts, and so bench/shapes.ts) runs by name:
 * each @nestjs/throttler configuration by its key, express-rate-limit as `express-rate-limit-<mode>`.
 * That process must load them under `tsx/esm`, not `tsx` (see bench/limiter-process.ts).
 */
export const processLimiterNames = [
  ...(Object.keys(nestThrottlerConfigs) as NestThrottlerConfig[]),
  ...expressRateLimitModes.map((mode) => `express-rate-limit-${mode}` as const),
]

const isNestConfig = (name: string): name is NestThrottlerConfig => Object.hasOwn(nestThrottlerConfigs, name)
const expressModeOf = (name: string) => expressRateLimitModes.find((mode) => name === `express-rate-limit-${mode}`)

/**
 * The windows a real limiter counts in, or null for another name. express-rate-limit's are fixed
 * windows that open at a client's first request; @nestjs/throttler's storage frees each hit a
 * window after it was made.
 */
export function realLimiterWindows(name: string): readonly LimiterWindow[] | null {
  if (isNestConfig(name)) return nestThrottlerConfigs[name]
  return expressModeOf(name) === undefined ? null : [expressRateLimitWindow]
}

export function startRealLimiter(name: string): Promise<RealLimiter> | null {
  if (isNestConfig(name)) return startNestThrottler(name)
  const mode = expressModeOf(name)
  return mode === undefined ? null : startExpressRateLimit(mode)
}
