export interface WaitOptions {
  timeoutMs?: number
  intervalMs?: number
  /** Named in the timeout error, so a failing test says what never happened. */
  what?: string
}

/**
 * Polls `probe` until it returns something other than undefined, null or false, and
 * returns that. Throws once the deadline passes, with the last error the probe threw.
 */
export async function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 5_000, intervalMs = 20, what = 'the condition' }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value !== undefined && value !== null && value !== false) return value
    } catch (error) {
      lastError = error
    }
    if (Date.now() >= deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError })
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
