import { FunctionTool } from './function-tool'

/**
 * Anything that offers a (possibly changing) list of tools, e.g. an MCP server connection.
 * The agent reads `functions` at the start of every iteration, never caches it across runs.
 */
export interface ToolProvider {
  readonly functions: FunctionTool[]
}

/** What `Agent({ tools })` accepts. */
export type ToolLike = FunctionTool | ToolProvider

export function isToolProvider(value: unknown): value is ToolProvider {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof FunctionTool) &&
    Array.isArray((value as { functions?: unknown }).functions)
  )
}
