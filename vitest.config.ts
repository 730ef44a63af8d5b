import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**'],
          testTimeout: 20_000,
        },
      },
    ],
  },
})
