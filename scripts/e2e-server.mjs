// The app as the end-to-end tests see it: a fresh database every run (a new database on the
// DATABASE_URL server, or a new embedded data directory), the demo model, then `npm start`.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = { ...process.env, OPENAI_API_KEY: '', AGENTLOOM_WORKER: 'on' }
delete env.OPENAI_API_KEY

async function admin(sql) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

let database
if (process.env.DATABASE_URL) {
  // A database of its own, so concurrent end-to-end runs never share or drop each other's data.
  database = `agentloom_e2e_${randomBytes(4).toString('hex')}`
  await admin(`CREATE DATABASE "${database}"`)
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/${database}`
  env.DATABASE_URL = url.toString()
} else {
  env.AGENTLOOM_DATA_DIR = join(mkdtempSync(join(tmpdir(), 'agentloom-e2e-')), 'pglite')
}

const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], { cwd: root, stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', async (code) => {
  if (database) await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {})
  process.exit(code ?? 0)
})
