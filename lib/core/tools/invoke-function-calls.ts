/**
 * Executing the function calls of one model turn: look the tool up, decode and validate the model's
 * arguments, run function middleware around the tool, and turn every outcome into a function_result.
 * Nothing a model sends can crash the run: unknown tools, malformed or invalid arguments and failing
 * tools all become results that say what went wrong. Only cancellation propagates.
 */
import { SpanStatusCode } from '@opentelemetry/api'
import { ToolExecutionException } from '../errors'
import { FunctionInvocationContext } from '../middleware'
import { runMiddlewareChain, type MiddlewareHandler } from '../middleware-pipeline'
import { abortable } from '../abort'
import type { AgentSession } from '../sessions/agent-session'
import { recordToolResult, startToolSpan } from '../telemetry/gen-ai-spans'
import { telemetry } from '../telemetry/telemetry-settings'
import { inSpan } from '../telemetry/tracing'
import { functionResultContent, type FunctionCallContent, type FunctionResultContent } from '../types'
import type { FunctionTool } from './function-tool'
import type { NormalizedFunctionInvocationConfiguration } from './function-invocation-config'
import type { RunToolSet } from './tool-set'

export interface FunctionCallExecution {
  toolSet: RunToolSet
  middleware: readonly MiddlewareHandler<FunctionInvocationContext>[]
  config: NormalizedFunctionInvocationConfiguration
  session?: AgentSession
  /** Runtime keyword arguments; each call gets its own copy. */
  kwargs: Record<string, unknown>
  signal?: AbortSignal
}

export function unknownFunctionMessage(name: string): string {
  return `Error: Requested function "${name}" not found.`
}

/** Throws when the model called unknown tools and the configuration says to stop on that. */
export function assertKnownFunctions(calls: readonly FunctionCallContent[], execution: FunctionCallExecution): void {
  if (!execution.config.terminateOnUnknownCalls) return
  for (const call of calls) {
    if (!execution.toolSet.lookup(call.name)) throw new ToolExecutionException(unknownFunctionMessage(call.name))
  }
}

/** Runs the calls concurrently; results come back in call order. */
export function invokeFunctionCalls(calls: readonly FunctionCallContent[], execution: FunctionCallExecution): Promise<FunctionResultContent[]> {
  if (calls.length === 1) return invokeFunctionCall(calls[0], execution).then((result) => [result])
  return Promise.all(calls.map((call) => invokeFunctionCall(call, execution)))
}

export async function invokeFunctionCall(call: FunctionCallContent, execution: FunctionCallExecution): Promise<FunctionResultContent> {
  const tool = execution.toolSet.lookup(call.name)
  if (!tool) return functionResultContent(call.callId, unknownFunctionMessage(call.name), `Function "${call.name}" not found.`)

  const parsed = tool.parseArguments(call.arguments)
  if (!parsed.ok) return functionResultContent(call.callId, `Error: Argument parsing failed. ${parsed.problem}`, parsed.problem)

  if (!telemetry.enabled) return runTool(tool, call, parsed.value, execution)
  const started = startToolSpan({ name: call.name, description: tool.description, callId: call.callId, arguments: parsed.value })
  return inSpan(
    started,
    () => runTool(tool, call, parsed.value, execution),
    (span, result) => {
      if (result.exception !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: result.exception }).setAttribute('error.type', 'tool_error')
      recordToolResult(span, result.result)
    },
  )
}

async function runTool(
  tool: FunctionTool,
  call: FunctionCallContent,
  args: Record<string, unknown>,
  execution: FunctionCallExecution,
): Promise<FunctionResultContent> {
  const { signal } = execution
  const context = new FunctionInvocationContext({
    function: tool,
    arguments: args,
    callId: call.callId,
    session: execution.session,
    kwargs: { ...execution.kwargs },
    toolSet: execution.toolSet,
    signal,
  })
  try {
    await runMiddlewareChain(execution.middleware, context, async (ctx) => {
      ctx.result = await abortable(tool.invoke(ctx.arguments, { signal, kwargs: ctx.kwargs, callId: ctx.callId, context: ctx }), signal)
    })
    return functionResultContent(call.callId, context.result)
  } catch (error) {
    if (signal?.aborted) throw error
    const detail = error instanceof Error ? error.message : String(error)
    const message = execution.config.includeDetailedErrors ? `Error: Function failed. Exception: ${detail}` : 'Error: Function failed.'
    return functionResultContent(call.callId, message, detail)
  }
}
