/**
 * The app's exporter end to end: startOpenTelemetry with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a
 * loopback HTTP server standing in for a collector; a workflow with an agent runs; on shutdown the
 * OTLP/HTTP export arrives with service.name=agentloom and lib/core's spans, and no prompt text.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, DemoChatClient, WorkflowBuilder, configureTelemetry, silentLogger } from '@/lib/core'
import { startOpenTelemetry } from './open-telemetry'

let collector: Server
const received: { path: string; contentType: string; body: string }[] = []
// Restored key by key: assigning a plain object to process.env would cost it its special behaviour for the files after this one.
const saved = { endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT, capture: process.env.AGENTLOOM_OTEL_CAPTURE_CONTENT }

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ path: req.url ?? '', contentType: String(req.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
})

afterAll(async () => {
  restore('OTEL_EXPORTER_OTLP_ENDPOINT', saved.endpoint)
  restore('AGENTLOOM_OTEL_CAPTURE_CONTENT', saved.capture)
  configureTelemetry({ enabled: false })
  await new Promise((resolve) => collector.close(resolve))
})

describe('startOpenTelemetry', () => {
  it('exports the spans of a run over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, as service agentloom', async () => {
    const { port } = collector.address() as AddressInfo
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`
    delete process.env.AGENTLOOM_OTEL_CAPTURE_CONTENT
    const stop = startOpenTelemetry()
    expect(stop).toBeDefined()

    const agent = new Agent({ name: 'greeter', client: new DemoChatClient(), logger: silentLogger })
    await new WorkflowBuilder({ startExecutor: agent, name: 'greeting' }).build().run('a private hello')
    await stop!()

    const traces = received.filter((request) => request.path === '/v1/traces')
    expect(traces.length).toBeGreaterThan(0)
    const exported = traces.map((request) => request.body).join('\n')
    expect(exported).toContain('"service.name"')
    expect(exported).toContain('"agentloom"')
    for (const name of ['workflow.run', 'executor.process greeter', 'invoke_agent greeter', 'chat demo']) expect(exported).toContain(`"${name}"`)
    expect(exported).not.toContain('a private hello')
  })
})
