/** OpenTelemetry for lib/core: turn spans on, choose whether content is captured, pass trace context on. */
export { configureTelemetry, telemetry } from './telemetry-settings'
export type { TelemetrySettings } from './telemetry-settings'
export { activeTraceMeta } from './mcp-spans'
export { TRACER_NAME } from './tracing'
