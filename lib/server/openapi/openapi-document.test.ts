import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { compileErrors, validate } from '@readme/openapi-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_ROUTES } from '@/lib/server/api-route-table'
import { declarationsIn, isApiPattern } from '@/lib/server/route-sources'
import { loadRouteModules } from '@/lib/server/testing/route-inventory'
import type { ApiOperation } from './api-operations'
import { buildOpenApiDocument as buildFrom, errorStatuses, openApiPath, operationIdOf, operationsOf, serversOf } from './openapi-document'

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`

/** The operations the routes declare, and the patterns of routes that say why they are not described. */
let API_OPERATIONS: ApiOperation[] = []
let UNDOCUMENTED_ROUTES: Record<string, string> = {}
const buildOpenApiDocument = () => buildFrom(API_OPERATIONS)

beforeAll(async () => {
  const declarations = (await loadRouteModules()).filter((route) => isApiPattern(route.pattern)).flatMap((route) => declarationsIn(route.module))
  API_OPERATIONS = operationsOf(declarations)
  UNDOCUMENTED_ROUTES = Object.fromEntries(
    declarations.flatMap((declaration) => (declaration.undocumented ? [[declaration.path, declaration.undocumented]] : [])),
  )
}, 60_000)

describe('the OpenAPI description follows the routes', () => {
  it('documents every method of every route in api-route-table.ts (or says why not)', () => {
    const documented = new Set(API_OPERATIONS.map((operation) => key(operation.method, operation.path)))
    const missing = API_ROUTES.filter((route) => !Object.hasOwn(UNDOCUMENTED_ROUTES, route.pattern)).flatMap((route) =>
      route.methods
        .filter((method) => method !== 'OPTIONS' && method !== 'HEAD' && !documented.has(key(method, openApiPath(route.pattern))))
        .map(
          (method) =>
            `${key(method, route.pattern)}: give its defineRoute declaration a summary, a tag and responses, ` +
            `or say why it is not described (\`undocumented\`)`,
        ),
    )
    expect(missing).toEqual([])
  })

  it('documents no operation the routes do not have', () => {
    const routed = new Set(API_ROUTES.flatMap((route) => route.methods.map((method) => key(method, openApiPath(route.pattern)))))
    const stale = API_OPERATIONS.filter((operation) => !routed.has(key(operation.method, operation.path))).map(
      (operation) => `${key(operation.method, operation.path)} is declared but not in api-route-table.ts: run \`npm run generate:routes\``,
    )
    expect(stale).toEqual([])
    for (const pattern of Object.keys(UNDOCUMENTED_ROUTES)) expect(API_ROUTES.map((route) => route.pattern)).toContain(pattern)
  })

  it('lists each operation once, with the path parameters its params schema parses', () => {
    expect(new Set(API_OPERATIONS.map((operation) => key(operation.method, operation.path))).size).toBe(API_OPERATIONS.length)
    expect(new Set(API_OPERATIONS.map(operationIdOf)).size).toBe(API_OPERATIONS.length)
    for (const operation of API_OPERATIONS) {
      const inPath = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort()
      expect(Object.keys(operation.params?.shape ?? {}).sort(), key(operation.method, operation.path)).toEqual(inPath)
    }
  })
})

describe('the OpenAPI description uses the contracts themselves', () => {
  it('names only schemas that lib/contracts exports (not copies)', async () => {
    const contractsDir = join(import.meta.dirname, '..', '..', 'contracts')
    const exported = new Set<unknown>()
    for (const file of readdirSync(contractsDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const module = (await import(/* @vite-ignore */ join(contractsDir, file))) as Record<string, unknown>
      for (const value of Object.values(module)) exported.add(value)
    }
    const schemasOf = (operation: ApiOperation) => [
      ['params', operation.params],
      ['query', operation.query],
      ['body', operation.body],
      ...Object.entries(operation.responses).flatMap(([status, spec]) => [
        [`response ${status}`, spec.schema],
        ...Object.entries(spec.otherContent ?? {}).map(([type, schema]) => [`response ${status} ${type}`, schema]),
      ]),
    ]
    const copies = API_OPERATIONS.flatMap((operation) =>
      schemasOf(operation)
        .filter(([, schema]) => schema !== undefined && !exported.has(schema))
        .map(([where]) => `${key(operation.method, operation.path)} ${where}: export the schema from lib/contracts and name it here`),
    )
    expect(copies).toEqual([])
  })

  it('puts the contract of a request body into the document', () => {
    const document = buildOpenApiDocument()
    const body = document.paths?.['/api/runs']?.post?.requestBody
    expect(body).toMatchObject({
      content: { 'application/json': { schema: { properties: { workflowId: { type: 'string' }, input: { type: 'string' } }, required: ['workflowId'] } } },
    })
  })
})

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = buildOpenApiDocument()
    expect(document.openapi).toBe('3.1.0')
    // The parser dereferences in place: it gets a copy.
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? '' : compileErrors(result)).toBe('')
  })

  it('answers every error in the one error shape, as the operation can fail', () => {
    const document = buildOpenApiDocument()
    expect(document.components?.schemas?.ApiError).toMatchObject({
      type: 'object',
      properties: { error: { type: 'object', required: ['code', 'message'] } },
    })
    const answerApproval = document.paths?.['/api/approvals/{id}']?.post?.responses ?? {}
    expect(Object.keys(answerApproval).sort()).toEqual(['200', '400', '401', '404', '409', '413', '415'])
    expect(answerApproval['409']).toEqual({ $ref: '#/components/responses/Error409' })
    const health = document.paths?.['/api/health']?.get
    expect(health?.security).toEqual([])
    expect(Object.keys(health?.responses ?? {})).toEqual(['200'])
  })

  it('declares the 409 of offering a workflow or an agent at /mcp under a name taken', () => {
    const document = buildOpenApiDocument()
    for (const path of ['/api/workflows/{id}', '/api/agents/{id}']) expect(Object.keys(document.paths?.[path]?.patch?.responses ?? {}), path).toContain('409')
  })

  it('says where it is served: the configured public URL, else its own origin', () => {
    expect(buildOpenApiDocument().servers).toHaveLength(1)
    expect(serversOf({})).toEqual([{ url: '/', description: 'This installation' }])
    expect(serversOf({ AGENTLOOM_PUBLIC_URL: 'https://agents.example/ ' })).toEqual([{ url: 'https://agents.example', description: 'This installation' }])
  })

  it('derives 404 for admin operations (as for an unknown path) and 401 for all that need a sign-in', () => {
    for (const operation of API_OPERATIONS) {
      const statuses = errorStatuses(operation)
      // A public route answers 401 only when it says so itself (a webhook's bad signature, issue #32).
      expect(statuses.includes(401), key(operation.method, operation.path)).toBe(operation.access !== 'public' || (operation.errors?.includes(401) ?? false))
      if (operation.access === 'admin') expect(statuses).toContain(404)
    }
  })

  it('gives each answer the content types the route really sends', () => {
    const document = buildOpenApiDocument()
    const contentTypes = (path: string) => Object.keys((document.paths?.[path]?.get?.responses?.['200'] as { content?: object } | undefined)?.content ?? {})
    expect(contentTypes('/api/conversations/{id}/export')).toEqual(['application/json', 'text/markdown'])
    expect(contentTypes('/api/approvals/events')).toEqual(['text/event-stream'])
    expect(contentTypes('/api/runs/{id}/events')).toEqual(['text/event-stream'])
    expect(contentTypes('/api/workflows')).toEqual(['application/json'])
  })

  it('offers the bearer token and the session cookie', () => {
    const schemes = buildOpenApiDocument().components?.securitySchemes ?? {}
    expect(schemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' })
  })
})
