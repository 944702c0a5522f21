/** Local function names for remote MCP tools and prompts. */

const DISALLOWED_NAME_CHARACTERS = /[^A-Za-z0-9_.-]/g
const EDGE_SEPARATORS_END = /[_.-]+$/
const EDGE_SEPARATORS_START = /^[_.-]+/

/** Any character outside `[A-Za-z0-9_.-]` becomes `-`. */
export function normalizeMcpName(name: string): string {
  return name.replace(DISALLOWED_NAME_CHARACTERS, '-')
}

/** Normalizes a configured prefix once; an empty result means "no prefix". */
export function normalizeToolNamePrefix(prefix: string | undefined): string | undefined {
  if (!prefix) return undefined
  const normalized = normalizeMcpName(prefix).replace(EDGE_SEPARATORS_END, '')
  return normalized || undefined
}

/** `prefix.rstrip("_.-") + "_" + name.lstrip("_.-")`; the prefix alone when nothing is left of the name. */
export function buildPrefixedMcpName(normalizedName: string, normalizedPrefix: string | undefined): string {
  if (!normalizedPrefix) return normalizedName
  const trimmed = normalizedName.replace(EDGE_SEPARATORS_START, '')
  return trimmed ? `${normalizedPrefix}_${trimmed}` : normalizedPrefix
}
