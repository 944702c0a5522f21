import { spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureReachable, isPostgresProcess, isProcessAlive, readPidFile } from './postgres-processes'

describe('postgres processes', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'agentloom-pids-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('reads the pid on the first line of a pid file, and nothing from a missing or garbled one', async () => {
    await writeFile(join(folder, 'postmaster.pid'), '4242\n/data\n1700000000\n')
    await writeFile(join(folder, 'garbled.pid'), 'not a pid\n')
    expect(readPidFile(join(folder, 'postmaster.pid'))).toBe(4242)
    expect(readPidFile(join(folder, 'garbled.pid'))).toBeUndefined()
    expect(readPidFile(join(folder, 'missing.pid'))).toBeUndefined()
  })

  it("opens the app's own closed folders for passing through to the server's user, and reports others", async () => {
    const serverUser = { uid: 54_321, gid: 54_321 }
    await chmod(folder, 0o755)
    const app = join(folder, 'app')
    await mkdir(app, { mode: 0o755 })
    await mkdir(join(app, '.data'), { mode: 0o700 })
    await ensureReachable(join(app, '.data', 'postgres'), serverUser, app)
    expect((await stat(join(app, '.data'))).mode & 0o777).toBe(0o701)

    await mkdir(join(folder, 'closed'), { mode: 0o700 })
    await chmod(join(folder, 'closed'), 0o700)
    await expect(ensureReachable(join(folder, 'closed', 'postgres'), serverUser, app)).rejects.toThrow(`${join(folder, 'closed')} is closed to it`)
    expect((await stat(join(folder, 'closed'))).mode & 0o777).toBe(0o700)
  })

  it('tells a live process from an ended one, and a PostgreSQL server from another program', async () => {
    expect(isProcessAlive(process.pid)).toBe(true)
    // A pid that was recycled for another program is not a postmaster, whatever postmaster.pid says.
    expect(isPostgresProcess(process.pid)).toBe(process.platform !== 'linux')
    const child = spawn(process.execPath, ['-e', ''])
    const ended = await new Promise<number>((resolve) => child.once('exit', () => resolve(child.pid!)))
    expect(isProcessAlive(ended)).toBe(false)
    expect(isPostgresProcess(ended)).toBe(false)
  })
})
