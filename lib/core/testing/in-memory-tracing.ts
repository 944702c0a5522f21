/**
 * A real OpenTelemetry SDK for tests: a Node tracer provider (AsyncLocalStorage context, W3C
 * propagator) registered globally with an InMemorySpanExporter, lib/core's telemetry turned on, and
 * everything put back by `stop()`. The SDK is a dev-time helper here; lib/core itself only knows
 * `@opentelemetry/api`.
 */
import { context, propagation, trace } from '@opentelemetry/api'
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { configureTelemetry, type TelemetrySettings } from '../telemetry/telemetry-settings'

export interface InMemoryTracing {
  readonly exporter: InMemorySpanExporter
  /** Finished spans, in the order they ended. */
  spans(): ReadableSpan[]
  /** The one finished span with this name (throws when there is none or more than one). */
  span(name: string): ReadableSpan
  /** Finished spans whose parent is `parent`. */
  childrenOf(parent: ReadableSpan): ReadableSpan[]
  stop(): Promise<void>
}

export function startInMemoryTracing(settings: Partial<TelemetrySettings> = {}): InMemoryTracing {
  const exporter = new InMemorySpanExporter()
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  provider.register()
  const previous = configureTelemetry({ enabled: true, ...settings })
  const spans = () => exporter.getFinishedSpans()
  return {
    exporter,
    spans,
    span(name) {
      const found = spans().filter((span) => span.name === name)
      if (found.length !== 1)
        throw new Error(
          `expected one span named '${name}', found ${found.length}: ${spans()
            .map((s) => s.name)
            .join(', ')}`,
        )
      return found[0]
    },
    childrenOf(parent) {
      const { spanId } = parent.spanContext()
      return spans().filter((span) => span.parentSpanContext?.spanId === spanId)
    },
    async stop() {
      configureTelemetry(previous)
      await provider.shutdown()
      trace.disable()
      context.disable()
      propagation.disable()
    },
  }
}
