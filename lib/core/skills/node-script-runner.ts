/**
 * The default SkillScriptRunner: runs a skill's `.js` / `.mjs` script with Node in a child process.
 * - no shell: `spawn(node, [script, argsJSON], { shell: false })`, so arguments are never parsed;
 * - the working directory is the skill directory;
 * - a scrubbed environment: only the variables named in `inheritEnv` (PATH, LANG, LC_ALL, TZ by
 *   default) plus `env` — API keys, database URLs and NODE_OPTIONS stay behind;
 * - the arguments arrive as one JSON text in `process.argv[2]` (`null` when there are none);
 * - a timeout and an output limit (stdout + stderr), after which the whole process group is killed.
 * The result is the script's stdout (without trailing whitespace); a non-zero exit is an error that
 * carries the end of stderr.
 *
 *   const runner = createNodeScriptRunner({ timeoutMs: 10_000 })
 *   await SkillsProvider.fromPaths(['./skills'], { scriptRunner: runner })
 */
import { spawn } from 'node:child_process'
import { extname, relative } from 'node:path'
import { AbortError, SkillScriptError } from '../errors'
import type { FileSkill, SkillScript, SkillScriptArgs, SkillScriptRunner, SkillScriptRunOptions } from './skill'
import { resolveSkillFile } from './skill-files'

export interface NodeScriptRunnerOptions {
  /** Default 30 s. */
  timeoutMs?: number
  /** Bytes of stdout + stderr together; default 1 MiB. */
  maxOutputBytes?: number
  /** Names of variables copied from this process's environment. */
  inheritEnv?: readonly string[]
  /** Extra variables for every script. */
  env?: Readonly<Record<string, string>>
  /** The Node binary (default: the one running this process). */
  nodePath?: string
  /** Flags placed before the script, e.g. ['--max-old-space-size=128']. */
  nodeArgs?: readonly string[]
  /** Default ['.js', '.mjs']. */
  extensions?: readonly string[]
}

export const DEFAULT_SCRIPT_TIMEOUT_MS = 30_000
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024
export const DEFAULT_INHERITED_ENV: readonly string[] = ['PATH', 'LANG', 'LC_ALL', 'TZ']
/** Linux refuses a single argument longer than 128 KiB; stay well below. */
const MAX_ARGUMENT_BYTES = 100 * 1024
const STDERR_TAIL = 2_000

export function scrubbedEnvironment(inherit: readonly string[], extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of inherit) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  return { ...env, ...extra }
}

interface ProcessOutcome {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  stopped?: 'timeout' | 'output' | 'aborted'
}

export function createNodeScriptRunner(options: NodeScriptRunnerOptions = {}): SkillScriptRunner {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES
  const extensions = new Set((options.extensions ?? ['.js', '.mjs']).map((e) => e.toLowerCase()))
  const env = scrubbedEnvironment(options.inheritEnv ?? DEFAULT_INHERITED_ENV, options.env)

  return async (skill: FileSkill, script: SkillScript, args: SkillScriptArgs, runOptions: SkillScriptRunOptions = {}) => {
    const label = `Script '${script.name}' of skill '${skill.name}'`
    if (!script.fullPath) throw new SkillScriptError(`${label} is not a file script.`)
    if (!extensions.has(extname(script.fullPath).toLowerCase())) {
      throw new SkillScriptError(`${label} cannot be run by the Node script runner: only ${[...extensions].join(', ')} files are supported.`)
    }
    let scriptPath: string
    try {
      scriptPath = await resolveSkillFile(skill.path, relative(skill.path, script.fullPath))
    } catch (error) {
      throw new SkillScriptError(`${label} cannot be run: ${(error as Error).message}`, { cause: error })
    }
    const argumentText = JSON.stringify(args ?? null)
    if (Buffer.byteLength(argumentText) > MAX_ARGUMENT_BYTES) throw new SkillScriptError(`${label}: the arguments are larger than ${MAX_ARGUMENT_BYTES} bytes.`)

    const outcome = await runProcess(options.nodePath ?? process.execPath, [...(options.nodeArgs ?? []), scriptPath, argumentText], {
      cwd: skill.path,
      env,
      timeoutMs,
      maxOutputBytes,
      signal: runOptions.signal,
    })
    if (outcome.stopped === 'aborted') throw new AbortError()
    if (outcome.stopped === 'timeout') throw new SkillScriptError(`${label} timed out after ${timeoutMs} ms and was stopped.`)
    if (outcome.stopped === 'output') throw new SkillScriptError(`${label} produced more than ${maxOutputBytes} bytes of output and was stopped.`)
    if (outcome.code !== 0) {
      const how = outcome.signal ? `was terminated by ${outcome.signal}` : `exited with code ${outcome.code}`
      const stderr = outcome.stderr.trim()
      throw new SkillScriptError(`${label} ${how}.${stderr ? ` stderr: ${stderr.slice(-STDERR_TAIL)}` : ''}`)
    }
    return outcome.stdout.trimEnd()
  }
}

function runProcess(
  command: string,
  args: string[],
  limits: { cwd: string; env: Record<string, string>; timeoutMs: number; maxOutputBytes: number; signal?: AbortSignal },
): Promise<ProcessOutcome> {
  return new Promise((resolvePromise, reject) => {
    if (limits.signal?.aborted) return resolvePromise({ code: null, signal: null, stdout: '', stderr: '', stopped: 'aborted' })
    // detached: the script leads its own process group, so a stop also reaches what it spawned.
    const child = spawn(command, args, {
      cwd: limits.cwd,
      env: limits.env as NodeJS.ProcessEnv,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    })
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    let bytes = 0
    let stopped: ProcessOutcome['stopped']
    const stop = (reason: NonNullable<ProcessOutcome['stopped']>) => {
      if (stopped) return
      stopped = reason
      killGroup(child.pid)
    }
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > limits.maxOutputBytes) return stop('output')
      into.push(chunk)
    }
    child.stdout.on('data', collect(stdout))
    child.stderr.on('data', collect(stderr))
    const timer = setTimeout(() => stop('timeout'), limits.timeoutMs)
    const onAbort = () => stop('aborted')
    limits.signal?.addEventListener('abort', onAbort, { once: true })
    child.on('error', (error) => {
      clearTimeout(timer)
      limits.signal?.removeEventListener('abort', onAbort)
      reject(new SkillScriptError(`Could not start Node for the script: ${error.message}`, { cause: error }))
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      limits.signal?.removeEventListener('abort', onAbort)
      // The group may still hold grandchildren the script started and left behind.
      killGroup(child.pid)
      resolvePromise({ code, signal, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8'), stopped })
    })
  })
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}
