/**
 * The attack from issue #11: a request with no session and no token that tries to create or
 * change a stdio MCP server, or to test one (which starts its command) — sent with the header
 * combinations that used to get through (no Origin; `Sec-Fetch-Site: none`; an empty Host; no
 * Host at all, as HTTP/1.0 allows; Host `[::1]:port`; Host `LOCALHOST:port`). Every
 * state-changing route and method is tried through the gate below Next (raw-request-guard.ts, which
 * proxy.ts leaves the API to) and then the route handler, as `next start` takes it: each is refused,
 * and a probe server whose command would create a file never runs.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequestVerdict } from '@/lib/server/raw-request-guard'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import { loadRoutes, type HttpMethod, type RouteEntry } from '@/lib/server/testing/route-inventory'
import * as serverRoute from './mcp-servers/[id]/route'
import * as testRoute from './mcp-servers/[id]/test/route'
import * as serversRoute from './mcp-servers/route'
import { atCurrentVersion } from '@/lib/server/testing/at-current-version'

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchServer = atCurrentVersion(serverRoute)

const STATE_CHANGING: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE']
/** Open to anyone by design (sign-in, first-admin setup, invitations, password resets, share links, published agents' chats, health). */
const PUBLIC_PATTERNS = new Set([
  '/api/auth/[...all]',
  '/api/setup',
  '/api/invitations/[token]',
  '/api/password-resets/[token]',
  '/api/share/[token]',
  '/api/public/chat/[token]/conversations',
  '/api/public/chat/[token]/conversations/[id]/messages',
  '/api/health',
])

const PORT = 3000
const HEADER_COMBINATIONS: ReadonlyArray<{ name: string; headers: Record<string, string> }> = [
  { name: 'no Origin', headers: { host: `localhost:${PORT}` } },
  { name: 'Sec-Fetch-Site: none', headers: { host: `localhost:${PORT}`, 'sec-fetch-site': 'none' } },
  { name: 'empty Host', headers: { host: '' } },
  { name: 'no Host (HTTP/1.0)', headers: {} },
  { name: 'Host [::1]:port', headers: { host: `[::1]:${PORT}` } },
  { name: 'Host LOCALHOST:port', headers: { host: `LOCALHOST:${PORT}` } },
]

const PROBE_ID = 'probe-server'
const dir = mkdtempSync(join(tmpdir(), 'agentloom-probe-'))
const marker = join(dir, 'probe-ran')
const probeConfig = { command: 'touch', args: [marker] }

function paramValue(name: string): string | string[] {
  if (name === 'id') return PROBE_ID
  if (name === 'version') return '1'
  if (name === 'path' || name === 'all') return ['probe']
  return 'probe'
}

function requestFor(route: RouteEntry, method: HttpMethod) {
  const params = Object.fromEntries(route.params.map((name) => [name, paramValue(name)]))
  const path = route.pattern.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, _rest, name: string) => [paramValue(name)].flat().join('/'))
  const body =
    method === 'DELETE'
      ? undefined
      : JSON.stringify(
          method === 'PATCH'
            ? { config: probeConfig, confirm: true }
            : { id: 'probe-created', name: 'Probe', transport: 'stdio', config: probeConfig, workflowId: 'probe', input: 'x', decision: 'approve' },
        )
  return { url: `http://localhost:${PORT}${path}`, params, body }
}

/** The combination's headers; without a `host` entry the request carries no Host header at all. */
function headersFor(combination: Record<string, string>): Headers {
  const headers = new Headers({ 'content-type': 'application/json', ...combination })
  if (!('host' in combination)) headers.delete('host')
  return headers
}

describe('state-changing routes without a session or token', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
    await app.db.prisma.mcpServer.create({ data: { id: PROBE_ID, name: 'Probe', ownerId: app.admin.id, transport: 'stdio', config: probeConfig } })
  })
  afterAll(async () => {
    await app?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('are refused with every header combination from the issue, and the probe command never runs', async () => {
    const routes = (await loadRoutes()).filter((route) => !PUBLIC_PATTERNS.has(route.pattern))
    const tried: string[] = []
    for (const route of routes) {
      for (const method of STATE_CHANGING) {
        const handler = route.handlers[method]
        if (!handler) continue
        for (const combination of HEADER_COMBINATIONS) {
          const { url, params, body } = requestFor(route, method)
          const headers = headersFor(combination.headers)
          const what = `${method} ${route.pattern} with ${combination.name}`
          tried.push(what)
          const refused = rawRequestVerdict(method, new URL(url).pathname, Object.fromEntries(headers))
          if (refused) {
            expect([401, 403, 404], what).toContain(refused.status)
            continue
          }
          const response = await handler(new Request(url, { method, headers, body }), { params: Promise.resolve(params) })
          expect([401, 403, 404], what).toContain(response.status)
          expect(response.headers.get('content-type') ?? '', what).toContain('application/json')
          expect((await response.json()).error?.code, what).toEqual(expect.any(String))
        }
      }
    }
    expect(tried).toContain('POST /api/mcp-servers/[id]/test with no Host (HTTP/1.0)')
    expect(tried).toContain('PATCH /api/mcp-servers/[id] with Host LOCALHOST:port')
    expect(existsSync(marker)).toBe(false)
    expect((await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: PROBE_ID } })).config).toEqual(probeConfig)
    expect(await app.db.prisma.mcpServer.findFirst({ where: { id: 'probe-created' } })).toBeNull()
  })

  it('are refused to a member too: the admin’s stdio server is a 404, a stdio server of their own a 403', async () => {
    const member = await app.addUser('member')
    expect(
      (await callRoute(patchServer, { as: member, params: { id: PROBE_ID }, body: { config: { command: 'touch', args: [marker, 'x'] }, confirm: true } }))
        .status,
    ).toBe(404)
    expect((await callRoute(testRoute.POST, { as: member, params: { id: PROBE_ID } })).status).toBe(404)
    expect((await callRoute(serverRoute.DELETE, { as: member, params: { id: PROBE_ID } })).status).toBe(404)
    const created = await callRoute(serversRoute.POST, { as: member, body: { id: 'member-probe', name: 'Probe', transport: 'stdio', config: probeConfig } })
    expect(created).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } })
    expect(existsSync(marker)).toBe(false)
  })

  it('would have run it for its owner: the probe is live (so the checks above are not vacuous)', async () => {
    const tested = await callRoute(testRoute.POST, { params: { id: PROBE_ID } })
    expect(tested.status).toBe(200)
    expect(existsSync(marker)).toBe(true)
  })
})
