import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Unit and API tests run under TZ=UTC so that any code that leaks the host zone fails loudly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores, which on CI's two cores is one: every
    // file in a row. Each PGlite test database is single-threaded, so two files side by side use
    // both cores (docs/ci.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
})
