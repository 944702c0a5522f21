/**
 * The API router below Next (lib/server/api-router.ts), with the generated table of every route's module, over a
 * real node:http server and the test app's database: it serves a route as Next would (its parameters, its
 * authorization, HEAD from GET), answers a failing handler in the path's error shape, and leaves to Next what Next
 * would redirect or normalise first and what no route declares (here a 599 says "Next's").
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { graph } from '@/lib/graph/testing/graph-builder'
import { createApiRouter, paramsOf, type ApiRouter } from '@/lib/server/api-router'
import { createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { API_ROUTE_LOADERS } from './route-loaders.generated'

const LEFT_TO_NEXT = 599

async function listen(router: ApiRouter): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (router(req, res)) return
    res.statusCode = LEFT_TO_NEXT
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/** A raw request (fetch would resolve dot segments and refuse some methods before sending). */
function send(
  url: string,
  path: string,
  init: { method?: string; as?: TestUser; body?: unknown } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string; json: () => any }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  const headers: Record<string, string> = {
    ...(init.as ? { authorization: `Bearer ${init.as.token}` } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
  }
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    // The path as given: a URL string would have its dot segments resolved before sending.
    const req = httpRequest({ hostname, port, path, method: init.method ?? (body ? 'POST' : 'GET'), headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('the API router below Next', () => {
  let app: TestApp
  let other: TestUser
  let url: string
  let server: Server
  let workflowId: string

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    other = await app.addUser()
    const saved = await new WorkflowService(app.db.prisma).create(principalOf(app.admin), {
      name: 'Routed',
      graph: graph().start('start').output().chain('start', 'output').build(),
    })
    workflowId = saved.workflow.id
    ;({ url, server } = await listen(createApiRouter(API_ROUTE_LOADERS)))
  })

  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    await app?.close()
  })

  it('serves a route with its body and parameters, under the route’s own authorization', async () => {
    const created = await send(url, '/api/runs', { as: app.admin, body: { workflowId, input: 'hello' } })
    expect(created.status).toBe(201)
    const runId = created.json().run.id as string
    const read = await send(url, `/api/runs/${runId}`, { as: app.admin })
    expect(read.status).toBe(200)
    expect(read.json().run).toMatchObject({ id: runId, workflowId })
    // Another member cannot see it, and nobody without credentials reaches it.
    expect((await send(url, `/api/runs/${runId}`, { as: other })).status).toBe(404)
    expect((await send(url, `/api/runs/${runId}`)).status).toBe(401)
    // A bad body is the route's 400, in the API's shape.
    const bad = await send(url, '/api/runs', { as: app.admin, body: { workflowId: 42 } })
    expect(bad.status).toBe(400)
    expect(bad.json().error.code).toBe('invalid_request')
  })

  it('answers HEAD with GET’s head alone', async () => {
    const head = await send(url, '/api/health', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toMatch(/application\/json/)
    expect(head.text).toBe('')
  })

  it('answers a path under /api or /v1 that no route has with the catch-all’s 404, each in its own shape', async () => {
    const api = await send(url, '/api/no-such-thing', { as: app.admin })
    expect(api.status).toBe(404)
    expect(api.json().error).toMatchObject({ code: 'not_found' })
    const openAi = await send(url, '/v1/no-such-thing', { as: app.admin })
    expect(openAi.status).toBe(404)
    expect(openAi.json().error).toMatchObject({ type: 'not_found_error' })
  })

  it('leaves to Next what it redirects or normalises first, a method no route exports, and what is not the API', async () => {
    for (const path of ['/api/runs/', '/api//runs', '/api/./health', '/api/%2e%2e/api/health', '/api/runs/%ff', '/mcp', '/workflows', '/']) {
      expect((await send(url, path, { as: app.admin })).status, path).toBe(LEFT_TO_NEXT)
    }
    expect((await send(url, '/api/health', { method: 'DELETE' })).status).toBe(LEFT_TO_NEXT)
  })
})

describe('a route that fails', () => {
  it('is a 500 in the path’s error shape, and a module that failed to load is loaded again by the next request', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    let loads = 0
    const router = createApiRouter(
      {
        '/api/boom': async () => ({
          GET: async () => {
            throw new Error('kaput')
          },
        }),
        '/v1/flaky': async () => {
          if (++loads === 1) throw new Error('not yet')
          return { GET: async () => Response.json({ ok: true }) }
        },
      },
      [
        { pattern: '/api/boom', methods: ['GET'] },
        { pattern: '/v1/flaky', methods: ['GET'] },
      ],
    )
    const { url, server } = await listen(router)
    try {
      const api = await send(url, '/api/boom')
      expect(api.status).toBe(500)
      expect(api.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on the server. The details are in its log.' } })
      expect(api.text).not.toContain('kaput')
      const first = await send(url, '/v1/flaky')
      expect(first.status).toBe(500)
      expect(first.json().error).toMatchObject({ type: 'server_error', code: 'internal_error' })
      const second = await send(url, '/v1/flaky')
      expect(second.status).toBe(200)
      expect(second.json()).toEqual({ ok: true })
    } finally {
      quiet.mockRestore()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('paramsOf', () => {
  it('gives each parameter percent-decoded, and a catch-all as the list of the rest', () => {
    expect(paramsOf('/api/runs/[id]', '/api/runs/a%20b')).toEqual({ id: 'a b' })
    expect(paramsOf('/api/agents/[id]/versions/[version]', '/api/agents/x/versions/3')).toEqual({ id: 'x', version: '3' })
    expect(paramsOf('/api/auth/[...all]', '/api/auth/sign-in/email')).toEqual({ all: ['sign-in', 'email'] })
    expect(paramsOf('/api/health', '/api/health')).toEqual({})
  })
})
