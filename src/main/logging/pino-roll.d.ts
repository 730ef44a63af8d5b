// pino-roll ships no types: the part of its API this app uses.
declare module 'pino-roll' {
  interface RollingStream {
    write(chunk: string): boolean
    flush(callback?: (error?: Error | null) => void): void
    end(): void
    once(event: 'close' | 'finish', listener: () => void): this
    on(event: 'error', listener: (error: Error) => void): this
  }
  interface RollOptions {
    file: string
    extension?: string
    /** A number is megabytes; `'64k'`, `'1m'`, `'100b'` say the unit. */
    size?: string | number
    limit?: { count?: number; removeOtherLogFiles?: boolean }
    mkdir?: boolean
    mode?: number
    sync?: boolean
  }
  export default function roll(options: RollOptions): Promise<RollingStream>
}
