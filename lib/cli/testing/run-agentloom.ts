/**
 * Runs the `agentloom` command and collects what it printed, with an argument list and no shell, and
 * nobody at a terminal (so it is never interactive). By default in this process, through the same
 * `runCli` that scripts/agentloom.ts calls with the process's streams: the commands' behaviour is
 * all there, and a test that runs dozens of commands does not start dozens of Node processes. With
 * `through: 'compiled'` it is a child process of scripts/agentloom.ts as compiled once for the test
 * run (lib/server/testing/compiled-scripts.ts), and with `through: 'bin'` the installed command itself
 * (bin/agentloom.mjs, through tsx, seconds more per start): each command file keeps one such test, so
 * the entry point, exit status and streams of a real process stay tested.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { inject } from 'vitest'
import { runCli } from '../program'

export const REPOSITORY_ROOT = join(import.meta.dirname, '..', '..', '..')
const BIN = join(REPOSITORY_ROOT, 'bin', 'agentloom.mjs')

export interface AgentloomResult {
  code: number | null
  stdout: string
  stderr: string
}

export type AgentloomEntry = 'in-process' | 'compiled' | 'bin'

export function runAgentloom(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  { through = 'in-process' }: { through?: AgentloomEntry } = {},
): Promise<AgentloomResult> {
  // No OpenAI key from the developer's shell: these runs use the demo model unless a test says otherwise.
  const { OPENAI_API_KEY: _key, AGENTLOOM_SERVER: _server, AGENTLOOM_TOKEN: _token, ...inherited } = process.env
  const commandEnv = { ...inherited, ...env }
  return through === 'in-process'
    ? runInProcess(args, commandEnv)
    : runAsProcess(through === 'bin' ? BIN : inject('compiledScripts')['scripts/agentloom.ts'], args, commandEnv)
}

async function runInProcess(args: readonly string[], env: NodeJS.ProcessEnv): Promise<AgentloomResult> {
  let stdout = ''
  let stderr = ''
  const io = {
    out: (text: string) => void (stdout += text),
    err: (text: string) => void (stderr += text),
    interactive: false,
    ask: () => Promise.reject(new Error('Nobody is at a terminal.')),
  }
  const code = await runCli(args, { io, env })
  return { code, stdout, stderr }
}

function runAsProcess(entry: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<AgentloomResult> {
  const child = spawn(process.execPath, [entry, ...args], { cwd: REPOSITORY_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The JSON lines of a `--json` output. */
export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}
