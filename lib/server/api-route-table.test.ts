import { describe, expect, it } from 'vitest'
import { loadRoutes } from './testing/route-inventory'
import { API_ROUTES, ROUTE_METHODS, allowedMethods, matchApiRoute } from './api-route-table'

describe('API_ROUTES', () => {
  it('lists every route file under app/api and app/v1 with exactly the methods it exports', async () => {
    // Entries as they are written in api-route-table.ts, so a failure shows the line to add or fix.
    const entry = (pattern: string, methods: readonly string[]) => `{ pattern: '${pattern}', methods: [${methods.map((m) => `'${m}'`).join(', ')}] }`
    const order = (methods: readonly string[]) => ROUTE_METHODS.filter((method) => methods.includes(method))
    const onDisk = (await loadRoutes())
      .filter((route) => route.pattern.startsWith('/api/') || route.pattern.startsWith('/v1/'))
      .map((route) => entry(route.pattern, order(Object.keys(route.handlers))))
    const inTable = API_ROUTES.map((route) => entry(route.pattern, order(route.methods)))
    expect(inTable.sort()).toEqual(onDisk.sort())
  }, 60_000)
})

describe('matchApiRoute', () => {
  it('prefers fixed segments over [params] over [...catch-alls], as Next does', () => {
    expect(matchApiRoute('/api/mcp-servers/import')?.pattern).toBe('/api/mcp-servers/import')
    expect(matchApiRoute('/api/mcp-servers/files')?.pattern).toBe('/api/mcp-servers/[id]')
    expect(matchApiRoute('/api/runs/1/mcp-tasks/cancel')?.pattern).toBe('/api/runs/[id]/mcp-tasks/cancel')
    expect(matchApiRoute('/api/auth/sign-in/email')?.pattern).toBe('/api/auth/[...all]')
    expect(matchApiRoute('/api/runs/1/nothing')?.pattern).toBe('/api/[...path]')
    expect(matchApiRoute('/api/runs/')?.pattern).toBe('/api/runs')
    expect(matchApiRoute('/api')).toBeUndefined()
    expect(matchApiRoute('/workflows')).toBeUndefined()
    expect(matchApiRoute('/v1/responses')?.pattern).toBe('/v1/responses')
    expect(matchApiRoute('/v1/responses/resp_1')?.pattern).toBe('/v1/responses/[id]')
    expect(matchApiRoute('/v1/embeddings')?.pattern).toBe('/v1/[...path]')
  })
})

describe('allowedMethods', () => {
  it('adds HEAD where there is GET, and OPTIONS everywhere', () => {
    expect(allowedMethods({ pattern: '/x', methods: ['GET', 'POST'] })).toEqual(['GET', 'HEAD', 'POST', 'OPTIONS'])
    expect(allowedMethods({ pattern: '/x', methods: ['DELETE'] })).toEqual(['DELETE', 'OPTIONS'])
  })
})
