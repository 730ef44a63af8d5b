import { defineConfig } from 'vitest/config'

// End-to-end: the built renderer (run `electron-vite build` first) in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
