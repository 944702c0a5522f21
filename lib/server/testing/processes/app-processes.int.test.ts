/**
 * A test's afterAll ends the processes its setup started even when the setup failed or ran out of
 * time while they were still starting, before it ever held their handles.
 */
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { killStartedProcesses, startedProcesses, startWorker } from './app-processes'

describe('processes started for a test', () => {
  /** A "database" that accepts connections and never answers: a worker on it never becomes ready. */
  let silent: Server
  const sockets: Socket[] = []
  let databaseUrl: string

  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address() as { port: number }
    databaseUrl = `postgresql://postgres@127.0.0.1:${address.port}/postgres`
  })

  afterAll(async () => {
    await killStartedProcesses()
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('are killed by killStartedProcesses while still starting, and their start fails', async () => {
    const starting = startWorker('worker that never gets ready', { ...process.env, DATABASE_URL: databaseUrl })
    const failed = starting.then(
      () => undefined,
      (error: unknown) => error,
    )
    // Spawned at once, and kept from being ready by the silent database: the handle the test never got.
    // Found by its name: a file before this one in the same worker may have left a process it ended itself.
    const child = startedProcesses().find((each) => each.name === 'worker that never gets ready')!
    expect(child).toBeDefined()
    expect(child.child.exitCode).toBeNull()

    await killStartedProcesses()
    expect(child.child.signalCode).toBe('SIGKILL')
    expect(String(await failed)).toMatch(/exited \(SIGKILL\) before it was ready/)
  })
})
