import { availableParallelism } from 'node:os'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

// The files that take minutes each (thousands of hostile requests a route, every route against
// every caller, random bookings against the database's rules). A fresh clone has no timings of
// earlier runs, and Vitest then ran them last: two workers finished the rest and then waited on
// them, one of them alone for four minutes (docs/ci.md). Started first, the rest fills in beside.
const HEAVY_FIRST = [
  'src/server/hostile-input.integration.test.ts',
  'src/server/hostile-input-2.integration.test.ts',
  'src/server/hostile-input-3.integration.test.ts',
  'src/server/authorization-matrix.integration.test.ts',
  'src/server/booking/rules-agree.integration.test.ts',
]

class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification) => {
      const index = HEAVY_FIRST.indexOf(relative(file.project.config.root, file.moduleId).replaceAll('\\', '/'))
      return index === -1 ? HEAVY_FIRST.length : index
    }
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}

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
    sequence: { sequencer: HeavyFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
})
