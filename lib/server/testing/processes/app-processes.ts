/**
 * Starts the app's processes for multi-process tests: web hosts (web-host.ts, the real route
 * handlers, with or without a worker of their own) and run workers (`npm run worker`'s scripts/worker.ts),
 * both as compiled once for the test run by compiled-scripts.ts (through tsx a web host took about
 * six seconds of CPU to start, compiled about two and a half), spawned without a shell so that the pid the test holds is the process itself
 * and SIGKILL reaches it (the tsx CLI would put a second node process in between). Each one's output
 * is kept, to be shown when a test fails.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { inject } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..', '..')

export interface AppProcess {
  /** e.g. `web A`, `worker 2`. */
  name: string
  child: ChildProcess
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string
  /** Resolves once it has exited (at once if it has). */
  exited(): Promise<void>
  /** Sends the signal and waits until it is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>
}

export interface WebHostProcess extends AppProcess {
  url: string
}

export interface WorkerProcess extends AppProcess {
  workerId: string
}

/**
 * Every process spawned here, from the moment it is spawned: a setup that fails or runs out of time
 * while processes are still starting never got their handles, yet its afterAll must end them.
 */
const spawned: AppProcess[] = []

/** The processes this test file started (ready or not, running or not), e.g. to show their output. */
export function startedProcesses(): readonly AppProcess[] {
  return spawned
}

/**
 * SIGKILLs every process this test file started that is still running, waits until they are gone, and
 * forgets them: test files share a worker process (vitest.config.ts), and the next file's list starts empty.
 */
export async function killStartedProcesses(): Promise<void> {
  const started = spawned.splice(0)
  await Promise.all(started.map((each) => each.kill('SIGKILL')))
}

/**
 * Spawns `nodeArgs` (a script and how node loads it) and waits for the first stdout line that
 * `ready` recognises, returning what it made of it. Fails when the process exits first.
 */
async function spawnApp<T>(
  name: string,
  nodeArgs: readonly string[],
  env: NodeJS.ProcessEnv,
  ready: (line: string) => T | undefined,
): Promise<{ process: AppProcess; ready: T }> {
  const child = spawn(process.execPath, nodeArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const lines = createInterface({ input: child.stdout! })
  const readyValue = new Promise<T>((resolve, reject) => {
    lines.on('line', (line) => {
      output += `${line}\n`
      const value = ready(line)
      if (value !== undefined) resolve(value)
    })
    void exit.then(() => reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`)))
  })
  const appProcess: AppProcess = {
    name,
    child,
    output: () => output,
    exited: () => exit,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exit
    },
  }
  spawned.push(appProcess)
  try {
    return { process: appProcess, ready: await readyValue }
  } catch (error) {
    await appProcess.kill()
    throw error
  }
}

/** `worker`: whether the web host runs a worker of its own, as the web process does by default. */
export async function startWebHost(name: string, env: NodeJS.ProcessEnv, { worker = false }: { worker?: boolean } = {}): Promise<WebHostProcess> {
  const { process: host, ready } = await spawnApp(
    name,
    [inject('compiledScripts')['lib/server/testing/processes/web-host.ts']],
    { ...env, AGENTLOOM_WORKER: worker ? 'on' : 'off' },
    (line) => {
      if (!line.startsWith('{')) return undefined
      return (JSON.parse(line) as { url?: string }).url
    },
  )
  return { ...host, url: ready }
}

export async function startWorker(name: string, env: NodeJS.ProcessEnv): Promise<WorkerProcess> {
  const { process: worker, ready } = await spawnApp(
    name,
    [inject('compiledScripts')['scripts/worker.ts']],
    env,
    (line) => /^\[worker\] (\S+) waiting for runs/.exec(line)?.[1],
  )
  return { ...worker, workerId: ready }
}
