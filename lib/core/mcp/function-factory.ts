import { FunctionTool, type FunctionInvocationOptions } from '../tools/function-tool'
import type { CallOptions } from './mcp-tool-options'
import { mergeInvocationArguments } from './argument-allowlist'
import type { ParsedToolResult } from './result-parsing'
import { MCP_NORMALIZED_NAME_KEY, MCP_REMOTE_NAME_KEY, type FunctionSpec } from './tool-registry'

/** The FunctionTool an agent sees for one remote tool or prompt. */

export interface FunctionBackend {
  callTool(remoteName: string, args: Record<string, unknown>, kwargs: Readonly<Record<string, unknown>>, call: CallOptions): Promise<ParsedToolResult>
  getPrompt(remoteName: string, args: Record<string, string>, signal: AbortSignal | undefined): Promise<string>
}

export function mcpFunctionTool(spec: FunctionSpec, serverName: string, backend: FunctionBackend): FunctionTool {
  const additionalProperties = {
    [MCP_REMOTE_NAME_KEY]: spec.remoteName,
    [MCP_NORMALIZED_NAME_KEY]: spec.normalizedName,
    mcpKind: spec.kind,
    mcpServerName: serverName,
  }
  const execute =
    spec.kind === 'tool'
      ? (args: Record<string, unknown>, { signal, kwargs, callId }: FunctionInvocationOptions) =>
          // Runtime kwargs merged with the model's arguments; the allowlist decides what is sent.
          backend.callTool(spec.remoteName, mergeInvocationArguments(args, kwargs), kwargs ?? {}, { signal, callId })
      : (args: Record<string, unknown>, { signal }: { signal?: AbortSignal }) => backend.getPrompt(spec.remoteName, stringArguments(args), signal)
  return new FunctionTool({
    name: spec.localName,
    description: spec.description,
    inputSchema: spec.inputSchema,
    approvalMode: spec.approvalMode,
    additionalProperties,
    execute,
  })
}

/** Prompt arguments are strings on the wire. */
function stringArguments(args: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== null) result[key] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return result
}
