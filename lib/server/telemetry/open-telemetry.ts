/**
 * Exporting traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set: then a Node tracer provider with the OTLP/HTTP exporter (which reads the other standard
 * OTEL_EXPORTER_OTLP_* variables itself: headers, timeout, compression) is registered for the
 * process, and lib/core's spans are turned on. Prompts, completions and tool arguments are captured
 * only with AGENTLOOM_OTEL_CAPTURE_CONTENT=true. Each process (web, `npm run worker`) starts its own.
 */
import { context, propagation, trace, type Tracer } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions'
import { configureTelemetry } from '@/lib/core'
import { AGENTLOOM_VERSION } from '../agentloom-version'

export const DEFAULT_SERVICE_NAME = 'agentloom'

export interface OpenTelemetryConfig {
  serviceName: string
  captureContent: boolean
}

function flag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase())
}

/** What the environment asks for; undefined when traces are not to be exported. */
export function openTelemetryConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): OpenTelemetryConfig | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
  if (!endpoint || flag(env.OTEL_SDK_DISABLED) || env.OTEL_TRACES_EXPORTER?.trim() === 'none') return undefined
  return { serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME, captureContent: flag(env.AGENTLOOM_OTEL_CAPTURE_CONTENT) }
}

const holder = globalThis as typeof globalThis & { __agentloomTracing?: NodeTracerProvider }

/** The tracer of the app's own spans outside lib/core (an API request's, api-router.ts), or undefined while nothing is exported. */
export function serverTracer(): Tracer | undefined {
  return holder.__agentloomTracing?.getTracer(DEFAULT_SERVICE_NAME, AGENTLOOM_VERSION)
}

/** Starts exporting when the environment says so (once per process); returns the shutdown that flushes what is buffered. */
export function startOpenTelemetry(env: Readonly<Record<string, string | undefined>> = process.env): (() => Promise<void>) | undefined {
  const config = openTelemetryConfigFromEnv(env)
  if (!config) return undefined
  if (!holder.__agentloomTracing) {
    const provider = new NodeTracerProvider({
      resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName, [ATTR_SERVICE_VERSION]: AGENTLOOM_VERSION }),
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
    })
    provider.register()
    holder.__agentloomTracing = provider
  }
  configureTelemetry({ enabled: true, captureContent: config.captureContent })
  const provider = holder.__agentloomTracing
  return async () => {
    await provider.shutdown()
    // The global API lets go of the provider, so a later start in the same process (a test file after this one) registers anew.
    trace.disable()
    context.disable()
    propagation.disable()
    delete holder.__agentloomTracing
  }
}
