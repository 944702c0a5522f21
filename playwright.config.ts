import { defineConfig } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FIRST_PORT, serverUrl } from './e2e/fixtures/accounts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium-args'
import type { AccountOptions } from './e2e/fixtures/test'

// Shared by the web servers (which write their setup links there) and the tests (which keep the
// signed-in states there). Set once here; Playwright's workers inherit it.
process.env.E2E_STATE_DIR ??= mkdtempSync(join(tmpdir(), 'agentloom-e2e-state-'))
// Each worker has an installation of its own: server N (port E2E_PORT + N, a fresh database) serves
// worker N (e2e/fixtures/test.ts), so specs side by side never see each other's workflows, runs,
// approvals or toasts. One by default: on this 2-core machine two workers (two servers, two browsers)
// took 11.9–12.2 minutes against one's 11.0, the cores being the limit; E2E_WORKERS=N where there are more.
const WORKERS = Number(process.env.E2E_WORKERS ?? 1)
// The specs that use what the first admin owns (the seeded example MCP server and workflow) or the
// first admin's own account: they run as the first admin of their worker's server.
const FIRST_ADMIN_SPECS = new RegExp(
  `/(${['accounts', 'agents', 'mcp-servers', 'mcp-settings-used', 'first-steps', 'waiting-for-a-person', 'run-trace', 'walking-skeleton', 'workflow-templates'].join('|')})\\.spec\\.ts$`,
)
// The folder root agents may be given files under (agents.spec.ts); the server reads AGENTLOOM_FILE_ROOTS.
process.env.E2E_FILE_ROOT ??= mkdtempSync(join(tmpdir(), 'agentloom-e2e-files-'))

export default defineConfig<AccountOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Outer limits only, sized for a loaded 2-core machine with several browsers: the specs wait on what
  // the page shows, so a quiet machine never comes near them.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  // Files run side by side in separate workers; the tests of one file run in order.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // The HTML report is for a person at this machine; CI keeps only the text and the JSON counts.
  reporter: [
    ['list'],
    ['json', { outputFile: '.reports/playwright.json' }],
    ...(process.env.CI ? [] : [['html', { outputFolder: 'playwright-report', open: 'never' }] as const]),
  ],
  use: {
    // The worker's own server (e2e/fixtures/test.ts); this is server 0, which the setup starts from.
    baseURL: serverUrl(0),
    screenshot: 'only-on-failure',
    // A trace records every action's DOM snapshots for every test, passing or not, which costs the
    // suite CPU it shares with vitest: recorded only when asked for (E2E_TRACE=1, to study a failure).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    viewport: { width: 1280, height: 800 },
    // A person who asked for less motion (app/globals.css): pulsing dots and marching edges end at once instead of
    // repainting the page sixty times a second while a spec waits on it, and scrolls to an approval are instant.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium (Playwright's own browser download is unavailable here), started as scripts/chromium-args.ts says.
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // First-admin setup from the link the server printed, and the workers' admins that admin invites.
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    { name: 'first-admin', testMatch: FIRST_ADMIN_SPECS, dependencies: ['setup'], use: { account: 'first-admin' } },
    { name: 'signed-in', testMatch: /\.spec\.ts$/, testIgnore: FIRST_ADMIN_SPECS, dependencies: ['setup'] },
  ],
  // Started one after the other: the first builds the app when the build is missing or stale, the
  // others then find it made.
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: `node scripts/e2e-server.mjs`,
    url: `${serverUrl(index)}/api/health`,
    // A first start builds the app, which takes minutes on a busy machine.
    timeout: 900_000,
    reuseExistingServer: false,
    // SIGTERM rather than Playwright's default SIGKILL, so the server stops the embedded PostgreSQL it
    // started (without DATABASE_URL) and e2e-server.mjs drops its database (with it).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(FIRST_PORT + index),
      HOST: '127.0.0.1',
      AGENTLOOM_APPROVAL_TIMEOUT_MS: '120000',
      E2E_STATE_DIR: process.env.E2E_STATE_DIR!,
      E2E_SERVER_INDEX: String(index),
      AGENTLOOM_FILE_ROOTS: process.env.E2E_FILE_ROOT!,
    },
  })),
})
