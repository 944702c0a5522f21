/**
 * Entry point: the browser-safe part of the agent framework — the message model, the error classes
 * MCP task statuses and which arguments reach an MCP server. For code the browser bundles (components, lib/contracts, lib/graph outside
 * compile/); any other code may use it too, but Node code usually wants '@/lib/core'.
 *
 * '@/lib/core' would drag the MCP SDK, openai and node builtins into the client bundle, so this entry
 * re-exports only modules that import nothing: the ground floor (types.ts, errors.ts) whole, and the
 * dependency-free task statuses and argument rule. Lint (core-browser-entry-is-browser-safe) keeps it that way.
 */
export * from './types'
export * from './errors'
export { MCP_TASK_END_STATUSES, isEndedTaskStatus } from './mcp/task-status'
export { MCP_FRAMEWORK_DENYLIST, isForwardedArgument } from './mcp/forwarded-arguments'
