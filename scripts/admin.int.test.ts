/**
 * The admin command line on a database the test opened too (a fresh database on DATABASE_URL's
 * server, or an embedded server in a temporary data folder), so it works while something else (here:
 * the test) holds the database. Most commands run in this process, through the same `runAdmin` that
 * scripts/admin.ts calls with the process's environment and streams, given the environment a person's
 * shell would have: each real process cost seconds of CPU to start. The entry point itself, its exit
 * status and its streams stay tested by real processes: the help is asked of `tsx scripts/admin.ts`
 * (what `npm run admin` runs) and of the script as compiled once for the test run
 * (lib/server/testing/compiled-scripts.ts), and the first user is created by the compiled script.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import * as meRoute from '@/app/api/me/route'
import { assembleAppContext } from '@/lib/server/app-assembly'
import { type AppContext } from '@/lib/server/app-context'
import { openDatabase, type Database, type DatabaseOptions } from '@/lib/server/db/database'
import { runAdmin } from '@/lib/server/admin-cli/program'
import { McpServerRegistry } from '@/lib/server/mcp/mcp-server-registry'
import { SecretVault } from '@/lib/server/secret-vault/secret-vault'
import { callRoute, releaseAppContext } from '@/lib/server/testing/test-app'

const root = join(import.meta.dirname, '..')
const tsx = join(root, 'node_modules', '.bin', 'tsx')
const masterKey = randomBytes(32)

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

let childEnv: NodeJS.ProcessEnv
let options: DatabaseOptions
let cleanup: () => Promise<void>

/** A command run in this process, with the environment the processes get. */
async function admin(...args: string[]): Promise<Outcome> {
  let stdout = ''
  let stderr = ''
  const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) }
  const code = await runAdmin(args, { env: childEnv, io })
  return { code, stdout, stderr }
}

/** A real process of the script as compiled for the test run. */
function compiledAdmin(...args: string[]): Promise<Outcome> {
  return outcomeOf(process.execPath, [inject('compiledScripts')['scripts/admin.ts'], ...args])
}

/** `npm run admin -- …` itself. */
function npmRunAdmin(...args: string[]): Promise<Outcome> {
  return outcomeOf(tsx, ['scripts/admin.ts', ...args])
}

function outcomeOf(command: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: root, env: childEnv }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

async function adminSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

describe('npm run admin', () => {
  let db: Database
  let app: AppContext

  beforeAll(async () => {
    const base = { ...process.env, AGENTLOOM_SECRET_KEY: masterKey.toString('base64'), PORT: '3999', HOST: '127.0.0.1', AGENTLOOM_PUBLIC_URL: '' }
    if (process.env.DATABASE_URL) {
      const name = `agentloom_cli_${randomBytes(6).toString('hex')}`
      await adminSql(process.env.DATABASE_URL, `CREATE DATABASE "${name}"`)
      const url = new URL(process.env.DATABASE_URL)
      url.pathname = `/${name}`
      options = { kind: 'postgres', url: url.toString() }
      childEnv = { ...base, DATABASE_URL: url.toString() }
      cleanup = () => adminSql(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'agentloom-cli-'))
      options = { kind: 'embedded', dataDir }
      childEnv = { ...base, DATABASE_URL: '', AGENTLOOM_DATA_DIR: dataDir }
      cleanup = () => rm(dataDir, { recursive: true, force: true })
    }
    db = await openDatabase(options)
    app = assembleAppContext(db, masterKey)
    ;(globalThis as { __agentloomApp?: Promise<AppContext> }).__agentloomApp = Promise.resolve(app)
  }, 180_000)

  afterAll(async () => {
    delete (globalThis as { __agentloomApp?: Promise<AppContext> }).__agentloomApp
    if (app) await releaseAppContext(app)
    await db?.close()
    await cleanup?.()
  })

  it('explains every command', async () => {
    const help = await npmRunAdmin('--help')
    expect(help.code).toBe(0)
    for (const command of ['create-user', 'create-token', 'reset-password', 'rotate-key']) expect(help.stdout).toContain(command)
    const commandHelp = await compiledAdmin('reset-password', '--help')
    expect(commandHelp.stdout).toContain('--password <password>')
  }, 60_000)

  it('creates users, refuses bad or duplicate ones with one line and a non-zero exit', async () => {
    const created = await compiledAdmin('create-user', '--email', 'Ops@Example.test', '--password', 'ops-password-1', '--admin')
    expect(created).toMatchObject({ code: 0, stdout: expect.stringContaining('Created admin ops@example.test') })
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: 'ops@example.test' } })
    expect(user.role).toBe('admin')

    const again = await admin('create-user', '--email', 'ops@example.test', '--password', 'ops-password-1')
    expect(again.code).not.toBe(0)
    expect(again.stderr.trim()).toBe('error: A user with the address ops@example.test exists already.')

    const short = await admin('create-user', '--email', 'x@example.test', '--password', 'short')
    expect(short.code).not.toBe(0)
    expect(short.stderr).toContain('--password: Use at least 12 characters.')
    expect((await admin('create-user', '--password', 'long-enough-1')).code).not.toBe(0)
  }, 120_000)

  it('creates a token that works against the API, printing only the token on standard output', async () => {
    const created = await admin('create-token', '--email', 'ops@example.test', '--name', 'deploy script')
    expect(created.code).toBe(0)
    const token = created.stdout.trim()
    expect(token).toMatch(/^al_[A-Za-z0-9_-]{43}$/)
    expect(created.stderr).toContain('shown only now')
    const me = await callRoute(meRoute.GET, { as: null, headers: { authorization: `Bearer ${token}` } })
    expect(me).toMatchObject({ status: 200, body: { email: 'ops@example.test', role: 'admin' } })

    const unknown = await admin('create-token', '--email', 'nobody@example.test', '--name', 'x')
    expect(unknown.code).not.toBe(0)
    expect(unknown.stderr.trim()).toBe('error: No user has the address nobody@example.test.')
  }, 120_000)

  it('prints a one-time password reset link, or sets the password', async () => {
    const linked = await admin('reset-password', '--email', 'ops@example.test')
    expect(linked.code).toBe(0)
    expect(linked.stdout.trim()).toMatch(/^http:\/\/127\.0\.0\.1:3999\/reset-password\?token=[A-Za-z0-9_-]{43}$/)

    const set = await admin('reset-password', '--email', 'ops@example.test', '--password', 'ops-password-2')
    expect(set.code).toBe(0)
    const signIn = await app.auth.api.signInEmail({ body: { email: 'ops@example.test', password: 'ops-password-2' }, asResponse: true })
    expect(signIn.ok).toBe(true)
  }, 120_000)

  // Last: it changes the key the secrets are sealed with.
  it('rotates the master key: printed once with AGENTLOOM_SECRET_KEY, written atomically to the key file otherwise', async () => {
    const admin0 = {
      userId: 'cli-admin',
      email: 'cli@example.test',
      name: 'CLI',
      role: 'admin' as const,
      via: 'token' as const,
      personalWorkspaceId: null,
      memberships: [],
    }
    await new McpServerRegistry(db.prisma, app.secrets).create(admin0, {
      id: 'rotated',
      name: 'R',
      transport: 'stdio',
      config: { command: 'node' },
      secrets: { env: { API_KEY: 'rotated-secret-1' } },
    })
    const envOf = (key: Buffer) => new McpServerRegistry(db.prisma, new SecretVault(db.prisma, key)).connectionConfig('rotated')

    const rotated = await admin('rotate-key')
    expect(rotated.code).toBe(0)
    expect(rotated.stderr).toContain('Set AGENTLOOM_SECRET_KEY to the new key')
    const secondKey = Buffer.from(rotated.stdout.trim(), 'base64')
    expect((await envOf(secondKey)).secrets.env).toEqual({ API_KEY: 'rotated-secret-1' })
    await expect(envOf(masterKey)).rejects.toThrow(/another key/)

    const keyDir = await mkdtemp(join(tmpdir(), 'agentloom-key-'))
    try {
      const keyFile = join(keyDir, 'secret.key')
      await writeFile(keyFile, secondKey.toString('hex'), { mode: 0o600 })
      const thirdKey = randomBytes(32)
      const saved = childEnv
      childEnv = { ...saved, AGENTLOOM_SECRET_KEY: '', AGENTLOOM_SECRET_KEY_FILE: keyFile }
      try {
        const toFile = await admin('rotate-key', '--new-key', thirdKey.toString('base64'))
        expect(toFile.code).toBe(0)
        expect(toFile.stdout).toBe('')
        expect(toFile.stderr).toContain(`Wrote the new key to ${keyFile}`)
      } finally {
        childEnv = saved
      }
      expect(Buffer.from((await readFile(keyFile, 'utf8')).trim(), 'base64')).toEqual(thirdKey)
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600)
      expect(await readdir(keyDir)).toEqual(['secret.key'])
      expect((await envOf(thirdKey)).secrets.env).toEqual({ API_KEY: 'rotated-secret-1' })
    } finally {
      await rm(keyDir, { recursive: true, force: true })
    }

    const invalid = await admin('rotate-key', '--new-key', 'not-a-key')
    expect(invalid.code).not.toBe(0)
    expect(invalid.stderr).toContain('--new-key must hold a 32-byte key')
  }, 180_000)
})
