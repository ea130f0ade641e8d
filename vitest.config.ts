import { defineConfig } from 'vitest/config'

// Unit and API tests run under TZ=UTC so that any code that leaks the host zone fails loudly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
})
