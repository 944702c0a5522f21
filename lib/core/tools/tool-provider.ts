import { FunctionTool, type ToolProvider } from './function-tool'

export type { ToolLike, ToolProvider } from './function-tool'

export function isToolProvider(value: unknown): value is ToolProvider {
  return typeof value === 'object' && value !== null && !(value instanceof FunctionTool) && Array.isArray((value as { functions?: unknown }).functions)
}
