/**
 * Runs the `agentloom` command as a child process, with an argument list and no shell, stdin closed
 * (so it is not interactive), and collects what it printed. The command is scripts/agentloom.ts as
 * compiled once for the test run (lib/server/testing/compiled-scripts.ts), or with `through: 'bin'`
 * the installed command itself (bin/agentloom.mjs, through tsx), which costs seconds more per start.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { inject } from 'vitest'

export const REPOSITORY_ROOT = join(import.meta.dirname, '..', '..', '..')
const BIN = join(REPOSITORY_ROOT, 'bin', 'agentloom.mjs')

export interface AgentloomResult {
  code: number | null
  stdout: string
  stderr: string
}

export function runAgentloom(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  { through = 'compiled' }: { through?: 'compiled' | 'bin' } = {},
): Promise<AgentloomResult> {
  const entry = through === 'bin' ? BIN : inject('compiledScripts')['scripts/agentloom.ts']
  // No OpenAI key from the developer's shell: these runs use the demo model unless a test says otherwise.
  const { OPENAI_API_KEY: _key, AGENTLOOM_SERVER: _server, AGENTLOOM_TOKEN: _token, ...inherited } = process.env
  const child = spawn(process.execPath, [entry, ...args], { cwd: REPOSITORY_ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
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
