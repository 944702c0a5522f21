/**
 * The app's exporter end to end: startOpenTelemetry with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a
 * loopback HTTP server standing in for a collector; a workflow with an agent runs; on shutdown the
 * OTLP/HTTP export arrives with service.name=agentloom and lib/core's spans, and no prompt text.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, DemoChatClient, WorkflowBuilder, configureTelemetry, silentLogger } from '@/lib/core'
import { createApiRouter } from '../api-router'
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

  it('exports a span for each API request the router below Next answers, named by the route, not the path', async () => {
    const { port } = collector.address() as AddressInfo
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`
    const stop = startOpenTelemetry()
    const router = createApiRouter({ '/api/share/[token]': async () => ({ GET: async () => Response.json({ shared: true }) }) }, [
      { pattern: '/api/share/[token]', methods: ['GET'] },
    ])
    const server = createServer((req, res) => {
      if (!router(req, res)) res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const before = received.length
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/share/secret-share-token`)
      expect(await response.json()).toEqual({ shared: true })
    } finally {
      await stop!()
      await new Promise((resolve) => server.close(resolve))
    }
    const exported = received
      .slice(before)
      .filter((request) => request.path === '/v1/traces')
      .map((request) => request.body)
      .join('\n')
    expect(exported).toContain('"GET /api/share/[token]"')
    expect(exported).toContain('"http.route"')
    expect(exported).toContain('"http.response.status_code"')
    expect(exported).not.toContain('secret-share-token')
  })
})
