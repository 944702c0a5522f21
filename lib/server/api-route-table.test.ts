import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadRoutes } from './testing/route-inventory'
import { API_ROUTES, ROUTE_METHODS, allowedMethods, matchApiRoute, type ApiRoute } from './api-route-table'

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

  it('goes back to a [param], then to a catch-all, when a fixed segment leads to no route', () => {
    const routes: ApiRoute[] = [
      { pattern: '/a/b/c', methods: ['GET'] },
      { pattern: '/a/[x]/d', methods: ['GET'] },
      { pattern: '/a/[...rest]', methods: ['GET'] },
    ]
    expect(matchApiRoute('/a/b/c', routes)?.pattern).toBe('/a/b/c')
    expect(matchApiRoute('/a/b/d', routes)?.pattern).toBe('/a/[x]/d')
    expect(matchApiRoute('/a/b/e', routes)?.pattern).toBe('/a/[...rest]')
    expect(matchApiRoute('/a/b', routes)?.pattern).toBe('/a/[...rest]')
    expect(matchApiRoute('/a', routes)).toBeUndefined()
  })

  it('picks what Next’s ranking picks among all the table’s patterns, for any path made of their segments', () => {
    // Next's rule written out: each pattern's rank per segment (fixed 2, [param] 1, [...rest] 0), the highest from the left.
    const ranks = (pattern: string, segments: string[]): number[] | undefined => {
      const parts = pattern.split('/').filter(Boolean)
      const out: number[] = []
      for (const [index, part] of parts.entries()) {
        if (part.startsWith('[...')) return index < segments.length ? [...out, 0] : undefined
        if (index >= segments.length) return undefined
        if (part.startsWith('[')) out.push(1)
        else if (part === segments[index]) out.push(2)
        else return undefined
      }
      return parts.length === segments.length ? out : undefined
    }
    const higher = (a: number[], b: number[]) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] > b[i]
      return a.length > b.length
    }
    const reference = (path: string) => {
      const segments = path.split('/').filter(Boolean)
      let best: { pattern: string; ranks: number[] } | undefined
      for (const { pattern } of API_ROUTES) {
        const r = ranks(pattern, segments)
        if (r && (!best || higher(r, best.ranks))) best = { pattern, ranks: r }
      }
      return best?.pattern
    }
    const words = [...new Set(API_ROUTES.flatMap((route) => route.pattern.split('/').filter((part) => part && !part.startsWith('['))))]
    const segment = fc.oneof(fc.constantFrom(...words), fc.constantFrom('1', 'x-y', 'resp_1', 'nothing'))
    fc.assert(
      // Mostly under /api and /v1, where the patterns are.
      fc.property(fc.constantFrom(['api'], ['api'], ['v1'], []), fc.array(segment, { minLength: 0, maxLength: 6 }), (prefix, rest) => {
        const path = `/${[...prefix, ...rest].join('/')}`
        expect(matchApiRoute(path)?.pattern).toBe(reference(path))
      }),
      { numRuns: 3000 },
    )
  })
})

describe('allowedMethods', () => {
  it('adds HEAD where there is GET, and OPTIONS everywhere', () => {
    expect(allowedMethods({ pattern: '/x', methods: ['GET', 'POST'] })).toEqual(['GET', 'HEAD', 'POST', 'OPTIONS'])
    expect(allowedMethods({ pattern: '/x', methods: ['DELETE'] })).toEqual(['DELETE', 'OPTIONS'])
  })
})
