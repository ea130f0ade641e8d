import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

// A browser from the machine: CHROMIUM_PATH, then Debian's chromium, then Playwright's own.
const configuredChromium = process.env.CHROMIUM_PATH
const executablePath = configuredChromium ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

// Each run builds into and stores data in its own folder on its own port, so two runs on one
// machine never share a server. Workers inherit the env set by the first evaluation.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`
process.env.E2E_PORT ??= String(20_000 + (process.pid % 20_000))
const runId = process.env.E2E_RUN_ID
const E2E_PORT = Number(process.env.E2E_PORT)
const runDir = `.e2e-data/${runId}`
// A build made already (npm test builds once for the bundle budgets and for this) is served as
// it is; without one, the server builds its own into the run's folder.
const builtWebRoot = process.env.E2E_WEB_ROOT && existsSync(`${process.env.E2E_WEB_ROOT}/index.html`) ? process.env.E2E_WEB_ROOT : null
const webRoot = builtWebRoot ?? `${runDir}/web`
// Specs that start a server of their own serve the same build (workers inherit this env).
process.env.E2E_SERVED_WEB_ROOT = webRoot
const buildStep = builtWebRoot ? '' : `vite build --logLevel error --outDir ../../${runDir}/web && `

export default defineConfig({
  testDir: './e2e',
  // Per run, so parallel runs never delete each other's traces.
  outputDir: `${runDir}/test-results`,
  // Two workers: every test signs up its own operator and organisation, so files run side by
  // side. Tests within a file keep their order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The longest walks (booking, the setup wizard, a client's contract) take about 40 s on a fast
  // day and outlasted a minute on a slow one, when the machine ran at half speed (docs/ci.md);
  // each step still has its 10 s, so a hang fails as soon as before.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A trace records every action's DOM and a screencast, which cost a fifth of the suite's CPU
    // (docs/ci.md); CI keeps only its log, so CI records none, and a developer's run keeps a
    // failure's trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The app honours reduced motion (styles.css): nothing animates, so no frame is painted for an
    // animation, no step waits for one to settle, and axe never meets an element mid-fade.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The admin's list counts every pending account of the whole app: it runs before the rest,
    // while no other test signs anyone up.
    { name: 'global-state', testMatch: /onboarding-admin\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'chromium',
      testIgnore: /onboarding-admin\.spec\.ts/,
      dependencies: ['global-state'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    command: `${buildStep}tsx src/server/main.ts`,
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    // A loaded machine builds and starts the server slowly; the tests themselves keep their own timeouts.
    timeout: 180_000,
    // An empty DATABASE_URL keeps the e2e server on its own fresh PGlite folder even in CI.
    // Every spec signs its accounts up from this one machine's address, more than a person would in an hour.
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: `${runDir}/data`,
      WEB_ROOT: webRoot,
      LOG_REQUESTS: 'false',
      DATABASE_URL: '',
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '10000',
      // The administrator's POST /api/test/clock: a request's expiry is seen without waiting for it.
      TEST_CLOCK: 'true',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
