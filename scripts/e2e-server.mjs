// The app as the end-to-end tests see it: a fresh database every run (a new database on the
// DATABASE_URL server, or a new embedded data directory), the demo model, then `npm start`.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = { ...process.env, OPENAI_API_KEY: '', AGENTLOOM_WORKER: 'on' }
delete env.OPENAI_API_KEY

if (process.env.DATABASE_URL) {
  const name = 'agentloom_e2e'
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/${name}`
  env.DATABASE_URL = url.toString()
} else {
  env.AGENTLOOM_DATA_DIR = join(mkdtempSync(join(tmpdir(), 'agentloom-e2e-')), 'pglite')
}

const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], { cwd: root, stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
