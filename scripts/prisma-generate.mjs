// Generates the Prisma client (lib/generated/prisma) without Prisma's native engine, which
// cannot be downloaded on these machines: `prisma generate` never runs the schema engine,
// it only checks that a binary path is set.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stub = join(root, 'node_modules', '.cache', 'agentloom', 'schema-engine-stub')
if (!existsSync(stub)) {
  mkdirSync(dirname(stub), { recursive: true })
  writeFileSync(stub, '#!/bin/sh\necho "the native Prisma schema engine is not available; see scripts/migrate-new.ts" >&2\nexit 1\n')
  chmodSync(stub, 0o755)
}
const result = spawnSync(process.execPath, [join(root, 'node_modules', 'prisma', 'build', 'index.js'), 'generate'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? stub, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
})
process.exit(result.status ?? 1)
