// The app as the end-to-end tests see it: a fresh database every run (a new database on the
// DATABASE_URL server, or a new embedded data directory), the demo model, then `npm start`;
// the setup link it prints goes to $E2E_STATE_DIR/setup-link-<E2E_SERVER_INDEX> for the tests' first-admin
// setup (playwright.config.ts starts one such server per worker), and where its database is to
// $E2E_STATE_DIR/database-<E2E_SERVER_INDEX>.json.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = fileURLToPath(new URL('..', import.meta.url))
// The specs serve MCP servers and models on loopback for members' settings: the allow-list opens loopback.
const env = {
  ...process.env,
  OPENAI_API_KEY: '',
  AGENTLOOM_WORKER: 'on',
  NEXT_MANUAL_SIG_HANDLE: 'true',
  AGENTLOOM_OUTBOUND_ALLOW: 'localhost,127.0.0.0/8,::1',
  // The specs reuse the sessions auth.setup.ts made (stored cookies expire with the idle limit): a whole run must
  // fit in one. e2e/session-renewal.spec.ts ends a session on purpose.
  AGENTLOOM_SESSION_IDLE_MINUTES: '720',
}
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

/**
 * Passes the server's output through and writes the first-admin setup link it prints on a fresh
 * database to $E2E_STATE_DIR/setup-link-<index>, where e2e/auth.setup.ts reads it.
 */
function captureSetupLink(stdout) {
  let pending = ''
  stdout.on('data', (chunk) => {
    process.stdout.write(chunk)
    pending += chunk.toString('utf8')
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    const link = lines.map((line) => /https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+/.exec(line)?.[0]).find(Boolean)
    if (link && process.env.E2E_STATE_DIR) {
      mkdirSync(process.env.E2E_STATE_DIR, { recursive: true })
      writeFileSync(join(process.env.E2E_STATE_DIR, `setup-link-${process.env.E2E_SERVER_INDEX ?? 0}`), link)
    }
  })
}

let database
let folder
if (process.env.DATABASE_URL) {
  // A database of its own, so concurrent end-to-end runs never share or drop each other's data.
  database = `agentloom_e2e_${randomBytes(4).toString('hex')}`
  await admin(`CREATE DATABASE "${database}"`)
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/${database}`
  env.DATABASE_URL = url.toString()
} else {
  folder = mkdtempSync(join(tmpdir(), 'agentloom-e2e-'))
  // Run as root, the embedded server runs as the `postgres` user, which must reach its data folder.
  chmodSync(folder, 0o755)
  env.AGENTLOOM_DATA_DIR = join(folder, 'postgres')
}

// Where the database is, for the specs that drive the job queue's clock (e2e/fixtures/database.ts): a URL, or the
// embedded server's data folder (whose port and password it chooses when it makes the cluster).
if (process.env.E2E_STATE_DIR) {
  mkdirSync(process.env.E2E_STATE_DIR, { recursive: true })
  const where = database ? { url: env.DATABASE_URL } : { dataDir: env.AGENTLOOM_DATA_DIR }
  writeFileSync(join(process.env.E2E_STATE_DIR, `database-${process.env.E2E_SERVER_INDEX ?? 0}.json`), JSON.stringify(where), { mode: 0o600 })
}

const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env })
captureSetupLink(server.stdout)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', async (code) => {
  if (database) await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {})
  // The embedded server was stopped with the app (it is the process that started it).
  if (folder) rmSync(folder, { recursive: true, force: true })
  process.exit(code ?? 0)
})
