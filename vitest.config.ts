import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const SOURCES = ['lib', 'app', 'components', 'scripts', 'prisma']
const INTEGRATION = SOURCES.map((folder) => `${folder}/**/*.int.test.ts`)

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    exclude: ['node_modules/**', '.next/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Forks: integration tests spawn servers and child processes and some change process.env.
    pool: 'forks',
    // Tests serve MCP servers and OpenAI-compatible models on loopback and point members' settings at
    // them: the deployment's allow-list opens loopback, as an admin's would for a local model. Tests of
    // the outbound policy itself build their own (createTestApp's `outbound`).
    env: { AGENTLOOM_OUTBOUND_ALLOW: 'localhost,127.0.0.0/8,::1' },
    // Vitest's default on 2 cores is one file at a time (cores - 1). Integration files mostly wait on
    // Postgres and the processes they start, so several run side by side. VITEST_MAX_WORKERS=N to change it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        // Pure code: no database, no global setup, so a unit run starts at once. Threads that keep
        // their modules from file to file: loading lib/core, zod and React once per worker instead of
        // once per file cuts the unit project's CPU about threefold. So a unit test leaves no global
        // behind (timers, process.env, module state); one that must change them is an integration test.
        extends: true,
        test: {
          name: 'unit',
          pool: 'threads',
          isolate: false,
          include: SOURCES.flatMap((folder) => [`${folder}/**/*.test.ts`, `${folder}/**/*.test.tsx`]),
          exclude: ['node_modules/**', '.next/**', 'e2e/**', ...INTEGRATION],
        },
      },
      {
        // Postgres, spawned servers, real processes. Each file makes its own database (a clone of the
        // run's templates), so files run in parallel. Without DATABASE_URL: one embedded PostgreSQL
        // for the whole run (test databases are made on it). The worker processes keep their modules
        // from file to file as the unit threads do (Prisma, Next's route modules and the MCP SDK load
        // once per worker, not once per file): so a file puts back what it changes of the process —
        // process.env keys, console spies, http.Server's guard (raw-request-guard.ts), the log's
        // redactor (test-app.ts), the global tracer (open-telemetry.ts).
        extends: true,
        test: {
          name: 'integration',
          isolate: false,
          include: INTEGRATION,
          // Outer limits only, for a loaded machine: these tests wait on states and events, not the clock.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: ['lib/server/testing/vitest-global-setup.ts'],
        },
      },
    ],
  },
})
