/**
 * Whether lib/core makes OpenTelemetry spans, and what they may hold. Off until someone turns it on
 * (`configureTelemetry({ enabled: true })`, as the reference's `enable_instrumentation()`): with it
 * off every instrumented place costs one boolean check, whether or not an SDK is registered.
 * Prompts, completions and tool arguments/results are recorded only with `captureContent`
 * (default: the environment variable AGENTLOOM_OTEL_CAPTURE_CONTENT=true), and then passed through
 * `redact` and the secret-name filter first.
 */

export interface TelemetrySettings {
  /** Make spans (through the globally registered tracer provider of `@opentelemetry/api`). */
  enabled: boolean
  /** Record prompts, completions, system instructions and tool arguments/results on spans. */
  captureContent: boolean
  /** Applied to every captured text (e.g. the app's redaction of stored secrets by value). */
  redact: (text: string) => string
}

function envFlag(name: string): boolean {
  const value = typeof process === 'undefined' ? undefined : process.env[name]
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase())
}

const identity = (text: string) => text

/** Read on every instrumented call: keep it a plain object so the check stays a property load. */
export const telemetry: Readonly<TelemetrySettings> = {
  enabled: false,
  captureContent: envFlag('AGENTLOOM_OTEL_CAPTURE_CONTENT'),
  redact: identity,
}

/** Changes the settings given; the others keep their values. Returns the previous settings. */
export function configureTelemetry(options: Partial<TelemetrySettings>): TelemetrySettings {
  const previous = { ...telemetry }
  const target = telemetry as TelemetrySettings
  if (options.enabled !== undefined) target.enabled = options.enabled
  if (options.captureContent !== undefined) target.captureContent = options.captureContent
  if (options.redact !== undefined) target.redact = options.redact
  return previous
}
