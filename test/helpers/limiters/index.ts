export type { Limiter, LimiterDecision, Quota, QuotaLimiter } from './limiter'
export { tokenBucket, fixedWindow, slidingLog } from './shapes'
export { gcra, concurrencyCap, layered } from './more-shapes'
export { withoutRetryAfter, switchAt, type SwitchOptions } from './wrappers'
export { announce, type AnnounceStyle } from './announce'
export { startLimiterServer, type LimiterServer, type LimiterServerOptions, type LimiterServerStats } from './limiter-server'
export {
  processLimiterNames,
  startRealLimiter,
  realLimiterWindows,
  ceilingPerSecond,
  longRunPerSecond,
  startNestThrottler,
  startExpressRateLimit,
  nestThrottlerConfigs,
  expressRateLimitModes,
  type RealLimiter,
  type LimiterWindow,
} from './real-limiters'
