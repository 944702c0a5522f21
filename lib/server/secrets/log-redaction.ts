/**
 * Redaction at the server log's sink. Lines reach the log from many places — this app's services,
 * the agent framework's loggers, the MCP SDK, Next itself — and any of them may carry text from
 * outside (a server's error message, a tool's output). Rather than trusting every call site, the
 * console methods are wrapped: each line is formatted as Node would, cut by the vaults' redactors,
 * and passed on.
 *
 * This one redactor holds every member's secrets (SecretVault.redactNow): the log is the host's, not
 * a member's data, and a line cannot be traced to one run. Short values cannot shred it: a secret
 * under 8 characters is cut only as a token of its own (redaction.ts).
 *
 * A console method that something replaced after the wrapping (a test's spy, a logging library) is
 * wrapped again at the next install, so redaction always sits in front of whatever writes the line.
 */
import { format } from 'node:util'
import type { SecretVault } from '../secret-vault/secret-vault'

const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const

interface RedactionState {
  vaults: Set<SecretVault>
  wrappers: WeakSet<object>
}

const holder = globalThis as typeof globalThis & { __agentloomLogRedaction?: RedactionState }

function redactionState(): RedactionState {
  holder.__agentloomLogRedaction ??= { vaults: new Set(), wrappers: new WeakSet() }
  return holder.__agentloomLogRedaction
}

/** Starts cutting `vault`'s secrets out of everything logged through `console` (idempotent per vault). */
export function installLogRedaction(vault: SecretVault): () => void {
  const state = redactionState()
  for (const method of METHODS) {
    if (state.wrappers.has(console[method])) continue
    const original = console[method].bind(console)
    const wrapper = (...args: unknown[]) => {
      if (args.length === 0 || state.vaults.size === 0) return original(...args)
      let line = format(...args)
      for (const each of state.vaults) line = each.redactNow(line)
      original(line)
    }
    state.wrappers.add(wrapper)
    console[method] = wrapper
  }
  state.vaults.add(vault)
  return () => removeLogRedaction(vault)
}

/** Stops cutting `vault`'s secrets (an app context that closes: its vault would otherwise stay for the process). */
export function removeLogRedaction(vault: SecretVault): void {
  holder.__agentloomLogRedaction?.vaults.delete(vault)
}
