/**
 * Redaction at the server log's sink. Lines reach the log from many places — this app's services,
 * the agent framework's loggers, the MCP SDK, Next itself — and any of them may carry text from
 * outside (a server's error message, a tool's output). Rather than trusting every call site, the
 * console methods are wrapped once per process: each line is formatted as Node would, cut by the
 * vault's redactor, and passed on.
 *
 * This one redactor holds every member's secrets (SecretVault.redactNow): the log is the host's, not
 * a member's data, and a line cannot be traced to one run. Short values cannot shred it: a secret
 * under 8 characters is cut only as a token of its own (redaction.ts).
 */
import { format } from 'node:util'
import type { SecretVault } from './secret-vault'

const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const

const holder = globalThis as typeof globalThis & { __agentloomLogRedaction?: { vaults: Set<SecretVault> } }

/** Starts cutting `vault`'s secrets out of everything logged through `console` (idempotent per vault). */
export function installLogRedaction(vault: SecretVault): () => void {
  if (!holder.__agentloomLogRedaction) {
    const state = { vaults: new Set<SecretVault>() }
    holder.__agentloomLogRedaction = state
    for (const method of METHODS) {
      const original = console[method].bind(console)
      console[method] = (...args: unknown[]) => {
        if (args.length === 0 || state.vaults.size === 0) return original(...args)
        let line = format(...args)
        for (const each of state.vaults) line = each.redactNow(line)
        original(line)
      }
    }
  }
  const { vaults } = holder.__agentloomLogRedaction
  vaults.add(vault)
  return () => vaults.delete(vault)
}
