/**
 * The rule for which arguments of a call reach an MCP server, on its own so that browser code can
 * apply it too (it imports nothing): ToolArgumentAllowlist applies it to every call, and the MCP
 * servers page previews it for a sample call.
 */

/**
 * Safety net for parameters a server *declares* whose names collide with framework runtime
 * kwargs (both the reference's spellings and ours). Explicitly opted-in names still win.
 */
export const MCP_FRAMEWORK_DENYLIST: ReadonlySet<string> = new Set([
  'chat_options',
  'chatOptions',
  'tools',
  'tool_choice',
  'toolChoice',
  'session',
  'thread',
  'conversation_id',
  'conversationId',
  'options',
  'response_format',
  'responseFormat',
  '_meta',
])

/** An argument is forwarded when the user opted its name in, or the tool declares it and it is no framework name. */
export function isForwardedArgument(name: string, declared: ReadonlySet<string>, optedIn: boolean): boolean {
  return optedIn || (declared.has(name) && !MCP_FRAMEWORK_DENYLIST.has(name))
}
