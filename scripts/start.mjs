// `npm start`: build the app when the sources are newer than the last build, then serve it.
// The server itself applies migrations, seeds the example data and starts the run worker
// (instrumentation.ts), on the Postgres at DATABASE_URL or on the embedded PostgreSQL server it
// starts in .data/postgres (AGENTLOOM_DATA_DIR).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, openSync, closeSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildState } from './build-state.mjs'
import { WEB_NODE_FLAGS } from './server-node-flags.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
// NEXT_MANUAL_SIG_HANDLE: the app's own handler (instrumentation.ts) hands running runs back to the
// queue on SIGINT/SIGTERM; Next's would exit first.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_MANUAL_SIG_HANDLE: 'true' }

if (!existsSync(join(root, 'lib', 'generated', 'prisma', 'client.ts'))) {
  const generated = spawnSync(process.execPath, [join(root, 'scripts', 'prisma-generate.mjs')], { cwd: root, stdio: 'inherit', env })
  if (generated.status !== 0) process.exit(generated.status ?? 1)
}

if (process.env.AGENTLOOM_SKIP_BUILD !== '1' && buildState(root) !== 'fresh') build()

const port = process.env.PORT ?? '3000'
const host = process.env.HOST ?? 'localhost'
console.log(`Starting Agentloom on http://${host}:${port} with ${process.env.OPENAI_API_KEY ? 'OpenAI models' : 'the offline demo model'}…`)
const server = spawn(process.execPath, [...WEB_NODE_FLAGS, nextBin, 'start', '-p', port, '-H', host], { cwd: root, stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

/**
 * `next build`, its page-by-page output kept in .data/build.log rather than on the terminal: a first start says
 * what it is doing in a line, and shows the build's own words only when it fails.
 */
function build() {
  console.log('Building Agentloom: first start, or the sources changed (about 3 minutes on 2 cores; later starts skip this)…')
  const started = Date.now()
  const logFile = join(root, '.data', 'build.log')
  mkdirSync(join(root, '.data'), { recursive: true, mode: 0o700 })
  const log = openSync(logFile, 'w', 0o600)
  // No database during the build: the pages render on request, and a build that reached for one must fail here.
  const buildEnv = { ...env }
  delete buildEnv.DATABASE_URL
  const result = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: ['ignore', log, log], env: buildEnv })
  closeSync(log)
  if (result.status !== 0) {
    const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-40).join('\n')
    console.error(`${tail}\n\n✗ The build failed (its whole output: ${logFile}).`)
    process.exit(result.status ?? 1)
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`)
}
