/**
 * MCP client spans (semantic conventions for MCP: `{mcp.method.name} {target}`, kind CLIENT) and the
 * trace context an MCP request carries in `_meta`. The `_meta` keys come from the registered
 * propagator (W3C `traceparent`/`tracestate` with the SDK's default), as the reference injects them:
 * present only while a span is active, and whether or not lib/core's own spans are on.
 */
import { context, propagation } from '@opentelemetry/api'
import { SpanKind, startSpan, type StartedSpan } from './tracing'

export function startMcpRequestSpan(method: 'tools/call' | 'prompts/get', target: string, serverName: string): StartedSpan {
  const attributes: Record<string, string> = { 'mcp.method.name': method, 'agentloom.mcp.server': serverName }
  if (method === 'tools/call') {
    attributes['gen_ai.tool.name'] = target
    attributes['gen_ai.operation.name'] = 'execute_tool'
  } else {
    attributes['gen_ai.prompt.name'] = target
  }
  return startSpan(`${method} ${target}`, attributes, undefined, SpanKind.CLIENT)
}

/** The active trace context as `_meta` keys; undefined when there is nothing to pass on. */
export function activeTraceMeta(): Record<string, string> | undefined {
  const carrier: Record<string, string> = {}
  propagation.inject(context.active(), carrier)
  return Object.keys(carrier).length > 0 ? carrier : undefined
}
