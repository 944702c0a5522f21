/**
 * Whether this deployment runs stdio MCP servers, and which commands they may start. A stdio
 * server is a command run on the app's host, so the settings are read each time they matter
 * (create, change, test, run start) rather than once: an operator who turns them off, or a test
 * that sets them, is obeyed at once.
 *
 * AGENTLOOM_STDIO_MCP: `on` (default) or `off` (also true/false, 1/0, yes/no). Any other value
 * counts as off: a typo must not open what the operator meant to close.
 *
 * AGENTLOOM_STDIO_COMMANDS: a comma-separated allowlist, e.g. `node,npx,uvx,python3`; unset or
 * empty allows any command. Matching is exact, never by prefix or pattern:
 * - a bare name (`node`) allows the command `node` as written — looked up on PATH when spawned;
 * - an absolute path (`/usr/bin/node`) allows exactly that path.
 * A bare name does not allow an absolute path with the same basename (`/tmp/x/node` would pass
 * such a test), and an absolute path does not allow the bare name.
 */
import { UserError } from '@/lib/core'

const ON = new Set(['on', 'true', '1', 'yes'])
const OFF = new Set(['off', 'false', '0', 'no'])

type Env = Readonly<Record<string, string | undefined>>

export interface StdioPolicy {
  enabled: boolean
  /** Why stdio servers are off, naming the setting; undefined when they are on. */
  disabledReason?: string
  /** The allowed commands; null when any command is allowed. */
  allowedCommands: readonly string[] | null
}

export function stdioPolicyFromEnv(env: Env = process.env): StdioPolicy {
  const allowedCommands = parseCommandList(env.AGENTLOOM_STDIO_COMMANDS)
  const raw = env.AGENTLOOM_STDIO_MCP?.trim() ?? ''
  const value = raw.toLowerCase()
  if (value === '' || ON.has(value)) return { enabled: true, allowedCommands }
  const disabledReason = OFF.has(value)
    ? 'stdio MCP servers are turned off on this deployment (AGENTLOOM_STDIO_MCP=off).'
    : `stdio MCP servers are turned off on this deployment: AGENTLOOM_STDIO_MCP is '${raw}', which is not 'on' or 'off'.`
  return { enabled: false, disabledReason, allowedCommands }
}

function parseCommandList(raw: string | undefined): readonly string[] | null {
  const commands = (raw ?? '')
    .split(',')
    .map((command) => command.trim())
    .filter(Boolean)
  return commands.length > 0 ? commands : null
}

/** Why `command` may not be started under `policy`, or undefined when it may. */
export function commandRefusal(policy: StdioPolicy, command: string): string | undefined {
  if (!policy.enabled) return policy.disabledReason
  if (policy.allowedCommands === null || policy.allowedCommands.includes(command)) return undefined
  return `The command '${command}' is not allowed on this deployment; AGENTLOOM_STDIO_COMMANDS allows ${policy.allowedCommands.map((c) => `'${c}'`).join(', ')}.`
}

/** A stdio server cannot start because of the deployment's settings. */
export class StdioPolicyError extends UserError {
  override readonly code = 'stdio_mcp_not_allowed'
}

/** Throws StdioPolicyError, naming the server and the setting, when `command` may not be started now. */
export function assertStdioCommandAllowed(serverId: string, command: string, policy: StdioPolicy = stdioPolicyFromEnv()): void {
  const refusal = commandRefusal(policy, command)
  if (refusal) throw new StdioPolicyError(`MCP server '${serverId}' was not started: ${refusal}`)
}
