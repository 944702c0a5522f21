// `npm start`: build the app when the sources are newer than the last build, then serve it.
// The server itself applies migrations, seeds the example data and starts the run worker
// (instrumentation.ts), on the Postgres at DATABASE_URL or on the embedded PostgreSQL server it
// starts in .data/postgres (AGENTLOOM_DATA_DIR).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildState } from './build-state.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
// NEXT_MANUAL_SIG_HANDLE: the app's own handler (instrumentation.ts) hands running runs back to the
// queue on SIGINT/SIGTERM; Next's would exit first.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_MANUAL_SIG_HANDLE: 'true' }

if (!existsSync(join(root, 'lib', 'generated', 'prisma', 'client.ts'))) {
  const generated = spawnSync(process.execPath, [join(root, 'scripts', 'prisma-generate.mjs')], { cwd: root, stdio: 'inherit', env })
  if (generated.status !== 0) process.exit(generated.status ?? 1)
}

if (process.env.AGENTLOOM_SKIP_BUILD !== '1' && buildState(root) !== 'fresh') {
  console.log('Building Agentloom: first start, or the sources changed (about 2–3 minutes on 2 cores; later starts skip this)…')
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const port = process.env.PORT ?? '3000'
const host = process.env.HOST ?? 'localhost'
console.log(
  `Agentloom on http://${host}:${port} — ${process.env.DATABASE_URL ? 'Postgres from DATABASE_URL' : `embedded PostgreSQL server in ${process.env.AGENTLOOM_DATA_DIR || '.data/postgres'}`}, ${process.env.OPENAI_API_KEY ? 'OpenAI models' : 'the offline demo model'}`,
)
const server = spawn(process.execPath, [nextBin, 'start', '-p', port, '-H', host], { cwd: root, stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
