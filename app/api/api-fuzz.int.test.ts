/**
 * The API fuzzed: random and malformed paths, methods, headers and bodies against every route
 * from the route files on disk, each request taken the way the server takes it — the raw guard
 * below Next (raw-request-guard.ts), then proxy.ts where its matcher runs it (not for the API), then
 * the route handler Next would pick — as
 * the test app's admin, as a stranger with a made-up token, and with no credentials at all.
 *
 * What must hold for every request: no 5xx; every 4xx is `{ error: { code, message } }` JSON (405s
 * with an Allow header); no route is reached with a method it does not export (Next's empty 405);
 * and a request that got a 4xx left the stored data exactly as it was.
 *
 * The count is bounded for `npm test`; AGENTLOOM_FUZZ_RUNS=N runs more, AGENTLOOM_FUZZ_SEED=S
 * replays a failure (fast-check prints the seed and the shrunk request).
 */
import fc from 'fast-check'
import { NextRequest } from 'next/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { AgentSettingsSchema, EXAMPLE_MCP_SERVER_ID } from '@/lib/graph'
import { hashPublicationToken } from '@/lib/server/publications/publication-token'
import { config as proxyConfig, proxy } from '@/proxy'
import { matchApiRoute } from '@/lib/server/api-route-table'
import { rawRequestVerdict } from '@/lib/server/raw-request-guard'
import { EXAMPLE_WORKFLOW_ID } from '@/lib/server/seed'
import { createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import { loadRoutes, type RouteEntry } from '@/lib/server/testing/route-inventory'
import { proxyMatcher } from '@/lib/server/testing/proxy-matcher'

// Small limits keep bodies "near the limit" cheap to build; the code path is the same as for 1 MiB.
const BODY_LIMIT = 16 * 1024
const IMPORT_LIMIT = 64 * 1024

// The embedded database answers more slowly than a Postgres server: fewer requests there.
const DEFAULT_RUNS = process.env.DATABASE_URL ? 2000 : 600
const RUNS = Number(process.env.AGENTLOOM_FUZZ_RUNS) || DEFAULT_RUNS
// CI replays one fixed seed, so that its verdict is reproducible; elsewhere each run explores new
// requests (fast-check prints the seed of a failure; AGENTLOOM_FUZZ_SEED replays it).
const CI_SEED = 20261125
const SEED = process.env.AGENTLOOM_FUZZ_SEED !== undefined ? Number(process.env.AGENTLOOM_FUZZ_SEED) : process.env.CI ? CI_SEED : undefined

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'TRACK', 'PROPFIND', 'PURGE', 'SEARCH', 'MKCOL', 'LINK']

/** A token-shaped path segment, and the token of the seeded publication. */
const TOKEN = 'A'.repeat(43)
/** The token of the seeded workflow publication (a public form). */
const FORM_TOKEN = 'F'.repeat(43)

const SKILL = '---\nname: fuzzed-skill\ndescription: Made by the fuzz test\n---\n\nBody.\n'

const UNSAFE_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\ud83d']
const MALFORMED_SEGMENTS = ['%ff', '%', '%zz', '%e0%a4', '%ED%A0%80', 'a%', '%c0%af', '%%', '%E0%80%80']
const AWKWARD_SEGMENTS = ['%00', 'a%00b', '%EF%BF%BF', '%2e%2e', '%2F', 'a%2Fb', '%20', '+', '.', 'import', 'null', '-1', '0', '2147483648', '1e999']

interface FuzzRequest {
  method: string
  /** The route's pattern, e.g. `/api/runs/[id]` (the path is built from it). */
  pattern: string
  path: string
  query: string
  caller: 'admin' | 'stranger' | 'nobody'
  headers: Record<string, string>
  body: string | Uint8Array | undefined
}

/** Percent-encodes `text` the way a client would; lone surrogates become the bytes a careless encoder writes. */
function encodeSegment(text: string): string {
  let encoded = ''
  for (const char of text) {
    try {
      encoded += encodeURIComponent(char)
    } catch {
      encoded += '%ED%A0%80'
    }
  }
  return encoded
}

function nested(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels)
}

/** Sets `value` at a top-level or second-level key of `example` (or adds a new key). */
function mutate(example: Record<string, unknown>, keyChoice: number, deep: boolean, value: unknown): Record<string, unknown> {
  const keys = Object.keys(example)
  const key = keys.length === 0 || keyChoice >= keys.length ? `extra${keyChoice}` : keys[keyChoice]
  const current = example[key]
  if (deep && typeof current === 'object' && current !== null && !Array.isArray(current)) {
    const inner = Object.keys(current)
    return { ...example, [key]: { ...current, [inner[keyChoice % Math.max(inner.length, 1)] ?? 'extra']: value } }
  }
  return { ...example, [key]: value }
}

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...UNSAFE_STRINGS),
  fc.constantFrom(null, -1, 0, 2 ** 31, 1e308, -0.5, true, '', [], {}),
  fc.integer({ min: 100, max: 12_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 10, max: 2_000 }).map((n) => Array.from({ length: n }, (_, i) => `item${i}`)),
  fc.integer({ min: 10, max: 1_000 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
  fc.string({ unit: 'binary', maxLength: 30 }),
)

function bodyArbitrary(example: Record<string, unknown>): fc.Arbitrary<string | Uint8Array | undefined> {
  const text: fc.Arbitrary<string> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(fc.nat({ max: 6 }), fc.boolean(), nastyValue).map(([key, deep, value]) => JSON.stringify(mutate(example, key, deep, value))),
    },
    { weight: 2, arbitrary: fc.constant(JSON.stringify(example)) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.integer({ min: 60, max: 20_000 }).map((n) => `{"${Object.keys(example)[0] ?? 'content'}":${nested(n)}}`) },
    { weight: 1, arbitrary: fc.integer({ min: 60, max: 20_000 }).map((n) => `{"decision":"approve","content":{"a":${nested(n)}}}`) },
    { weight: 1, arbitrary: fc.integer({ min: -40, max: 40 }).map((delta) => JSON.stringify({ ...example, input: 'x'.repeat(BODY_LIMIT - 20 + delta) })) },
    { weight: 1, arbitrary: fc.integer({ min: -40, max: 40 }).map((delta) => JSON.stringify({ ...example, manifest: 'y'.repeat(IMPORT_LIMIT - 20 + delta) })) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '{', '[1,', 'null', '"str"', '{"a":1}}', '\ufeff{}') },
  )
  return fc.oneof({ weight: 10, arbitrary: text }, { weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) })
}

const CONTENT_TYPES = ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', '', 'json', '*/*', 'application/vnd.api+json']

/** Mostly what a client sends; now and then odd lengths, types and cross-site markers. */
const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      fc.record(
        {
          'content-length': fc.constantFrom('99999999999', '1048577', '0', '-1', 'abc', '5'),
          accept: fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html'),
          'last-event-id': fc.constantFrom('0', '-5', 'abc', '99999999999', '%00'),
          'sec-fetch-site': fc.constantFrom('same-origin', 'none', 'cross-site'),
          origin: fc.constantFrom('http://localhost', 'http://evil.example', 'null'),
          'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not an ip'),
        },
        { requiredKeys: [] },
      ),
    ),
  )
  .map(([contentType, odd]): Record<string, string> => ({ host: 'localhost', 'content-type': contentType, ...odd }))

const queryArbitrary: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      // `a` and `b`: the two runs of GET /api/runs/compare.
      fc.constantFrom('after', 'limit', 'status', 'runId', 'workflowId', 'before', 'a', 'b', 'x'),
      fc.oneof(
        fc.constantFrom('0', '-1', '1', '200', '201', '2147483648', 'NaN', '%00', '%ff', 'pending', 'a'.repeat(300), '00000000-0000-4000-8000-000000000000'),
        fc.string({ maxLength: 20 }).map(encodeSegment),
      ),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&') : ''))

/** The handler Next runs for `method` on `route`, or why there is none. */
function handlerFor(route: RouteEntry, method: string) {
  const handlers = route.handlers as Record<string, RouteEntry['handlers']['GET']>
  if (handlers[method]) return handlers[method]
  if (method === 'HEAD') return handlers.GET
  return undefined
}

/** Route params as Next gives them: each matched segment percent-decoded, a catch-all as a list. */
function paramsFor(route: RouteEntry, pathname: string): Record<string, string | string[]> {
  const parts = route.pattern.split('/').filter(Boolean)
  const segments = pathname.split('/').filter(Boolean)
  const params: Record<string, string | string[]> = {}
  parts.forEach((part, index) => {
    if (part.startsWith('[...')) params[part.slice(4, -1)] = segments.slice(index).map(decodeURIComponent)
    else if (part.startsWith('[')) params[part.slice(1, -1)] = decodeURIComponent(segments[index])
  })
  return params
}

async function expectErrorShape(response: Response, what: string): Promise<void> {
  const text = await response.text()
  expect(response.headers.get('content-type') ?? '', what).toMatch(/application\/json/)
  const body = JSON.parse(text)
  expect(body, what).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
  if (response.status === 405) expect(response.headers.get('allow'), what).toBeTruthy()
}

describe('the API under fuzzing', () => {
  let app: TestApp
  let routes: RouteEntry[]
  let validIds: string[]
  let tables: string[]

  const savedLimits = { default: process.env.AGENTLOOM_MAX_BODY_BYTES, import: process.env.AGENTLOOM_MAX_IMPORT_BODY_BYTES }
  beforeAll(async () => {
    process.env.AGENTLOOM_MAX_BODY_BYTES = String(BODY_LIMIT)
    process.env.AGENTLOOM_MAX_IMPORT_BODY_BYTES = String(IMPORT_LIMIT)
    app = await createTestApp()
    routes = (await loadRoutes()).filter((route) => route.pattern.startsWith('/api/'))
    const prisma = app.db.prisma
    const version = await prisma.workflowVersion.findFirstOrThrow({ where: { workflowId: EXAMPLE_WORKFLOW_ID } })
    const run = await prisma.run.create({ data: { workflowId: EXAMPLE_WORKFLOW_ID, versionId: version.id, ownerId: app.admin.id, input: 'seeded' } })
    const approval = await prisma.approvalRequest.create({
      data: {
        runId: run.id,
        ownerId: app.admin.id,
        kind: 'human_input',
        source: 'fuzz',
        title: 'Answer me',
        payload: { prompt: 'Anything?' },
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    })
    const shareLink = await prisma.shareLink.create({ data: { runId: run.id, ownerId: app.admin.id, tokenHash: 'fuzz-token-hash' } })
    await prisma.skill.create({
      data: { name: 'seeded-skill', description: 'Seeded', ownerId: app.admin.id, content: SKILL.replace('fuzzed-skill', 'seeded-skill') },
    })
    // Evaluations (issue #31): a dataset and an experiment, so that requests naming them reach past the lookup.
    const dataset = await prisma.dataset.create({
      data: { name: 'Fuzzed', ownerId: app.admin.id, versions: { create: { version: 1, rows: [{ id: 'r1', input: 'hello' }], authorId: app.admin.id } } },
    })
    const experiment = await prisma.experiment.create({
      data: {
        ownerId: app.admin.id,
        datasetId: dataset.id,
        datasetVersion: 1,
        workflowId: EXAMPLE_WORKFLOW_ID,
        targetVersion: version.version,
        targetName: 'Example',
        evaluators: [{ kind: 'exact', caseSensitive: true, trim: true }],
        trials: 1,
        concurrency: 1,
        total: 1,
        status: 'succeeded',
      },
    })
    // Debugging (issue #31): a pinned output of node '1' (a valid id below), so that requests naming it reach past the lookup.
    await prisma.workflowPin.create({ data: { workflowId: EXAMPLE_WORKFLOW_ID, nodeId: '1', output: 'pinned', pinnedById: app.admin.id } })
    // Publishing (issue #32): a live publication behind the token-shaped id below, and a visitor's conversation with it
    // (the visitor id of the routes' examples), so that requests naming them reach past the lookups.
    const agent = await prisma.agent.create({ data: { name: 'Fuzzed agent', ownerId: app.admin.id, workspaceId: app.admin.personalWorkspaceId } })
    await prisma.agentVersion.create({
      data: { agentId: agent.id, version: 1, definition: AgentSettingsSchema.parse({ name: 'Fuzzed agent', model: { provider: 'demo' } }) },
    })
    const publication = await prisma.publication.create({
      data: {
        agentId: agent.id,
        workspaceId: app.admin.personalWorkspaceId,
        ownerId: app.admin.id,
        tokenHash: hashPublicationToken(TOKEN),
        rateLimitPerMinute: 600,
      },
    })
    await prisma.publication.create({
      data: {
        workflowId: EXAMPLE_WORKFLOW_ID,
        workspaceId: (await prisma.workflow.findUniqueOrThrow({ where: { id: EXAMPLE_WORKFLOW_ID } })).workspaceId,
        ownerId: app.admin.id,
        tokenHash: hashPublicationToken(FORM_TOKEN),
        rateLimitPerMinute: 600,
      },
    })
    const visitorConversation = await prisma.conversation.create({
      data: {
        id: randomUUID(),
        agentId: agent.id,
        workspaceId: app.admin.personalWorkspaceId,
        publicationId: publication.id,
        visitorId: 'fuzz-visitor-0123456789ab',
      },
    })
    const rows = await app.db.sql.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`,
    )
    tables = rows.map((row) => row.name)
    validIds = [
      EXAMPLE_WORKFLOW_ID,
      EXAMPLE_MCP_SERVER_ID,
      run.id,
      approval.id,
      shareLink.id,
      'seeded-skill',
      dataset.id,
      experiment.id,
      '1',
      TOKEN,
      FORM_TOKEN,
      agent.id,
      publication.id,
      visitorConversation.id,
    ]
  })
  afterAll(async () => {
    // Test files share a process (vitest.config.ts): the next one gets the limits it would have had.
    restoreEnv('AGENTLOOM_MAX_BODY_BYTES', savedLimits.default)
    restoreEnv('AGENTLOOM_MAX_IMPORT_BODY_BYTES', savedLimits.import)
    await app?.close()
  })

  /**
   * Row counts and a fingerprint of every table's rows: the sum of their xmin (the transaction
   * that wrote each row version), which any insert, update or delete changes, and which is far
   * cheaper than hashing every row. ApiToken is hashed instead, without lastUsedAt: reads touch it. A publication's
   * rate windows are left out: they count every request to it, refused ones too.
   */
  async function snapshot(): Promise<string> {
    const parts = tables
      .filter((name) => name !== 'PublicationRateWindow')
      .map((name) => {
        const fingerprint =
          name === 'ApiToken'
            ? `coalesce(md5(string_agg(md5((to_jsonb(t) - 'lastUsedAt')::text), '' ORDER BY md5((to_jsonb(t) - 'lastUsedAt')::text))), '')`
            : `coalesce(sum(xmin::text::bigint), 0)::text`
        return `SELECT '${name}' AS name, count(*)::int AS rows, ${fingerprint} AS fingerprint FROM "${name}" t`
      })
    const rows = await app.db.sql.query<{ name: string; rows: number; fingerprint: string }>(parts.join(' UNION ALL '))
    return rows.map((r) => `${r.name}:${r.rows}:${r.fingerprint}`).join('\n')
  }

  /**
   * The stored data once nothing writes any more: two snapshots in a row agree. Work a request started in the
   * background would otherwise be taken for a write by the next, rejected request.
   */
  async function settledSnapshot(): Promise<string> {
    let last = await snapshot()
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      const next = await snapshot()
      if (next === last) return next
      last = next
    }
  }

  function requestArbitrary(): fc.Arbitrary<FuzzRequest> {
    const segment = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...validIds) },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encodeSegment) },
      { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_SEGMENTS) },
      { weight: 2, arbitrary: fc.constantFrom(...AWKWARD_SEGMENTS) },
      { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((n) => 'a'.repeat(n)) },
    )
    return fc
      .record({
        route: fc.constantFrom(...routes),
        anyMethod: fc.constantFrom(...METHODS),
        ownMethod: fc.nat(),
        useOwnMethod: fc.integer({ min: 0, max: 3 }),
        segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
        extraSegments: fc.array(segment, { maxLength: 2 }),
        query: queryArbitrary,
        caller: fc.constantFrom('admin' as const, 'admin' as const, 'admin' as const, 'stranger' as const, 'nobody' as const),
        headers: headersArbitrary,
      })
      .chain(({ route, anyMethod, ownMethod, useOwnMethod, segments, extraSegments, query, caller, headers }) => {
        // Mostly a method the route has, so that requests get past the 405.
        const own = Object.keys(route.handlers)
        const method = useOwnMethod > 0 && own.length ? own[ownMethod % own.length] : anyMethod
        let next = 0
        const path = route.pattern
          .split('/')
          .map((part) => (part.startsWith('[...') ? [segments[next++], ...extraSegments].join('/') : part.startsWith('[') ? segments[next++] : part))
          .join('/')
        // A body the route would accept (its declaration's `example`), so that mutations of it reach past the first check.
        const example = (route.declarations[method as keyof RouteEntry['declarations']]?.example?.() ?? {}) as Record<string, unknown>
        return bodyArbitrary(example).map((body): FuzzRequest => ({ method, pattern: route.pattern, path, query, caller, headers, body }))
      })
  }

  function credentials(caller: FuzzRequest['caller']): Record<string, string> {
    if (caller === 'admin') return { authorization: `Bearer ${app.admin.token}` }
    if (caller === 'stranger') return { authorization: 'Bearer al_madeUpTokenThatIsNotStored0000000000' }
    return {}
  }

  const runsProxy = proxyMatcher(proxyConfig.matcher)

  /** Takes the request as the server would: the response, and whether a route handler ran. */
  async function serve(fuzz: FuzzRequest): Promise<{ response: Response; what: string; reachedRoute: boolean }> {
    const url = new URL(`http://localhost${fuzz.path}${fuzz.query}`)
    const headers: Record<string, string> = { ...fuzz.headers, ...credentials(fuzz.caller) }
    const what = `${fuzz.method} ${url.pathname}${url.search.slice(0, 200)} as ${fuzz.caller}`

    const raw = rawRequestVerdict(fuzz.method, url.pathname + url.search, headers)
    if (raw) {
      const response = new Response(raw.body === undefined ? null : JSON.stringify(raw.body), {
        status: raw.status,
        headers: { 'content-type': 'application/json', ...raw.headers },
      })
      return { response, what: `${what} (raw guard)`, reachedRoute: false }
    }

    const body = fuzz.method === 'GET' || fuzz.method === 'HEAD' ? undefined : fuzz.body
    if (body === undefined) delete headers['content-length']
    const abort = new AbortController()
    const init = { method: fuzz.method, headers, body: body as BodyInit | undefined, signal: abort.signal, duplex: 'half' as const }
    if (runsProxy(url.pathname)) {
      const proxied = await proxy(new NextRequest(url, init))
      if (proxied.headers.get('x-middleware-next') !== '1') return { response: proxied, what: `${what} (proxy)`, reachedRoute: false }
    }

    const route = routes.find(
      (entry) =>
        entry.pattern ===
        matchApiRoute(
          url.pathname,
          routes.map((r) => ({ pattern: r.pattern, methods: [] })),
        )?.pattern,
    )
    expect(route, `${what}: Next would find a route`).toBeDefined()
    const handler = handlerFor(route as RouteEntry, fuzz.method)
    // Next would answer with its own empty 405: the proxy must have answered first.
    expect(handler, `${what}: reached ${route?.pattern}, which does not export ${fuzz.method}`).toBeDefined()
    const response = await (handler as NonNullable<typeof handler>)(new NextRequest(url, init), {
      params: Promise.resolve(paramsFor(route as RouteEntry, url.pathname)),
    })
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      abort.abort()
      await response.body?.cancel().catch(() => {})
    }
    return { response, what: `${what} → ${route?.pattern}`, reachedRoute: true }
  }

  it('answers every request with no 5xx, 4xx in the JSON error shape, and data unchanged by rejected requests', async () => {
    let before = await settledSnapshot()
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(requestArbitrary(), async (fuzz) => {
        const { response, what, reachedRoute } = await serve(fuzz)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        expect(response.status, what).toBeLessThan(500)
        const isAuthLibrary = what.includes('/api/auth/[...all]')
        if (response.status >= 400 && !isAuthLibrary) await expectErrorShape(response, what)
        else await response.body?.cancel().catch(() => {})
        // Answered before any route ran (raw guard, proxy): nothing could have written.
        if (!reachedRoute) return
        const after = await snapshot()
        if (response.status >= 400) expect(after, `${what} got ${response.status} but changed stored data`).toBe(before)
        // What a request that was done started may go on writing (a run the in-process worker executes, its jobs): the
        // next request is compared with the data once that work has stopped.
        before = response.status >= 400 ? after : await settledSnapshot()
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
    console.log(`api fuzz: ${RUNS} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`)
  }, 600_000)
})

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}
