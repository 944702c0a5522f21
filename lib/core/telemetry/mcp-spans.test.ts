/**
 * The trace context an MCP request carries in `_meta`, as the reference's tests state it
 * (test_mcp_tool_call_tool_otel_meta…): present only while a span is active, over the user's
 * `_meta` and under the tool's tools/list `_meta`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { context, trace } from '@opentelemetry/api'
import { ToolArgumentAllowlist } from '../mcp/argument-allowlist'
import { startInMemoryTracing, type InMemoryTracing } from '../testing'
import { activeTraceMeta } from './mcp-spans'

let tracing: InMemoryTracing
beforeEach(() => {
  tracing = startInMemoryTracing()
})
afterEach(async () => {
  await tracing.stop()
})

function inSpan<T>(work: () => T): { result: T; traceparent: string } {
  const span = trace.getTracer('test').startSpan('caller')
  const result = context.with(trace.setSpan(context.active(), span), work)
  span.end()
  const { traceId, spanId } = span.spanContext()
  return { result, traceparent: `00-${traceId}-${spanId}-01` }
}

describe('activeTraceMeta', () => {
  it('is nothing without an active span', () => {
    expect(activeTraceMeta()).toBeUndefined()
  })

  it('is the W3C traceparent of the active span', () => {
    const { result, traceparent } = inSpan(() => activeTraceMeta())
    expect(result).toEqual({ traceparent })
  })

  it('overrides the user _meta but not the tool list _meta', () => {
    const allowlist = new ToolArgumentAllowlist()
    const user = { traceparent: 'user-value', 'example.com/kept': 'yes' }
    const { result, traceparent } = inSpan(() => allowlist.prepare('t', { _meta: user }, undefined, activeTraceMeta))
    expect(result.meta).toEqual({ traceparent, 'example.com/kept': 'yes' })
    expect(user.traceparent).toBe('user-value')
    const listed = inSpan(() => allowlist.prepare('t', { _meta: user }, { traceparent: 'from-list' }, activeTraceMeta))
    expect(listed.result.meta).toEqual({ traceparent: 'from-list', 'example.com/kept': 'yes' })
  })
})
