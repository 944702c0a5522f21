/**
 * OpenAI accepts function names matching ^[a-zA-Z0-9_-]{1,64}$, while tools from MCP servers
 * and skills may carry dots or other characters. A ToolNameMap gives every tool of one request
 * a valid wire name and maps the model's calls back to the local name, so callers never see
 * the difference.
 */
const MAX_WIRE_NAME_LENGTH = 64
const INVALID_WIRE_CHARACTERS = /[^a-zA-Z0-9_-]/g

/** Deterministic wire spelling of a name (also used for history calls of tools no longer offered). */
export function toWireToolName(name: string): string {
  const cleaned = name.replace(INVALID_WIRE_CHARACTERS, '_').slice(0, MAX_WIRE_NAME_LENGTH)
  return cleaned.length > 0 ? cleaned : '_'
}

export class ToolNameMap {
  private readonly localToWire = new Map<string, string>()
  private readonly wireToLocal = new Map<string, string>()

  constructor(localNames: Iterable<string> = []) {
    for (const name of localNames) this.register(name)
  }

  /** The wire name for a local tool name (registering it on first use). */
  toWire(localName: string): string {
    return this.localToWire.get(localName) ?? this.register(localName)
  }

  /** The local name for a name the model used; unknown names are returned unchanged. */
  toLocal(wireName: string): string {
    return this.wireToLocal.get(wireName) ?? wireName
  }

  private register(localName: string): string {
    const existing = this.localToWire.get(localName)
    if (existing !== undefined) return existing
    const base = toWireToolName(localName)
    let candidate = base
    // Two local names can clean to the same spelling ("a.b" and "a_b"): keep them apart.
    for (let suffix = 2; this.wireToLocal.has(candidate); suffix++) {
      const tail = `_${suffix}`
      candidate = base.slice(0, MAX_WIRE_NAME_LENGTH - tail.length) + tail
    }
    this.localToWire.set(localName, candidate)
    this.wireToLocal.set(candidate, localName)
    return candidate
  }
}
