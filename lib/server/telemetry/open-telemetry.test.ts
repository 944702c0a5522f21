import { describe, expect, it } from 'vitest'
import { openTelemetryConfigFromEnv } from './open-telemetry'

describe('openTelemetryConfigFromEnv', () => {
  it('is off without an OTLP endpoint', () => {
    expect(openTelemetryConfigFromEnv({})).toBeUndefined()
    expect(openTelemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBeUndefined()
  })

  it('is on with an endpoint (all signals or traces only), as service agentloom, without content', () => {
    expect(openTelemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ serviceName: 'agentloom', captureContent: false })
    expect(openTelemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toEqual({
      serviceName: 'agentloom',
      captureContent: false,
    })
  })

  it('takes the service name and content capture from the environment', () => {
    expect(
      openTelemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SERVICE_NAME: 'agentloom-eu', AGENTLOOM_OTEL_CAPTURE_CONTENT: 'true' }),
    ).toEqual({ serviceName: 'agentloom-eu', captureContent: true })
  })

  it('stays off when the standard switches say so', () => {
    expect(openTelemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined()
    expect(openTelemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined()
  })
})
