import { defineConfig } from 'vitest/config'

// End-to-end: the built renderer (run `electron-vite build` first) in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A round trip to Chromium on a loaded 2-core machine can take longer than the 1 s default.
    expect: { poll: { timeout: 5_000 } },
  },
})
