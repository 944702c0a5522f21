import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts', 'components/**/*.test.tsx', 'scripts/**/*.test.ts', 'prisma/**/*.test.ts'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Tests serve MCP servers and OpenAI-compatible models on loopback and point members' settings at
    // them: the deployment's allow-list opens loopback, as an admin's would for a local model. Tests of
    // the outbound policy itself build their own (createTestApp's `outbound`).
    env: { AGENTLOOM_OUTBOUND_ALLOW: 'localhost,127.0.0.0/8,::1' },
    // Without DATABASE_URL: one embedded PostgreSQL for the whole run (test databases are made on it).
    globalSetup: ['lib/server/testing/vitest-global-setup.ts'],
  },
})
