/**
 * Who may do what with stdio MCP servers through the API. A stdio server runs a command on the
 * app's host, so adding one — or changing its command, arguments, working directory or
 * environment, or switching a server to stdio — is an admin action, and only while the
 * deployment allows stdio servers at all (stdio-policy.ts). Other servers are anyone's to add.
 */
import type { StdioAccess } from '@/lib/contracts/mcp-servers'
import { isAdmin, type Principal } from '../auth/principal'
import { DomainError } from '../domain-errors'
import { commandRefusal, stdioPolicyFromEnv, type StdioPolicy } from './stdio-policy'

export const ADMIN_REQUIRED_FOR_STDIO =
  'Only admins can add stdio MCP servers or change their command, arguments, working directory or environment: they run commands on the app’s host. Ask an admin, or use an http or websocket server.'

/** What the MCP servers page needs to know to offer — or explain the absence of — stdio servers. */
export function stdioAccessFor(principal: Principal, policy: StdioPolicy = stdioPolicyFromEnv()): StdioAccess {
  const allowedCommands = policy.allowedCommands === null ? null : [...policy.allowedCommands]
  if (!policy.enabled) return { enabled: false, canConfigure: false, reason: policy.disabledReason, allowedCommands }
  if (!isAdmin(principal)) return { enabled: true, canConfigure: false, reason: ADMIN_REQUIRED_FOR_STDIO, allowedCommands }
  return { enabled: true, canConfigure: true, allowedCommands }
}

function refusedCommand(policy: StdioPolicy, command: string): DomainError | undefined {
  const refusal = commandRefusal(policy, command)
  if (!refusal) return undefined
  return new DomainError('stdio_command_not_allowed', refusal, {
    issues: [{ path: 'config.command', message: refusal }],
    allowedCommands: policy.allowedCommands,
  })
}

/** For creating or changing what a stdio server runs: 403 unless an admin, stdio is on and the command is allowed. */
export function assertMayConfigureStdio(principal: Principal, command: string, policy: StdioPolicy = stdioPolicyFromEnv()): void {
  if (!policy.enabled) throw new DomainError('stdio_mcp_disabled', policy.disabledReason ?? 'stdio MCP servers are turned off on this deployment.')
  if (!isAdmin(principal)) throw new DomainError('admin_required', ADMIN_REQUIRED_FOR_STDIO)
  const refused = refusedCommand(policy, command)
  if (refused) throw refused
}

/** For starting a saved stdio server (a connection test): 403 when the deployment's settings forbid it now. */
export function assertMayStartStdio(command: string, policy: StdioPolicy = stdioPolicyFromEnv()): void {
  if (!policy.enabled) throw new DomainError('stdio_mcp_disabled', policy.disabledReason ?? 'stdio MCP servers are turned off on this deployment.')
  const refused = refusedCommand(policy, command)
  if (refused) throw refused
}
