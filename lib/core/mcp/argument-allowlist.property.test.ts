import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MCP_FRAMEWORK_DENYLIST, mergeInvocationArguments, normalizeAdditionalToolArgumentNames, ToolArgumentAllowlist } from './argument-allowlist'
import { InMemoryMCPTool } from './testing/in-memory-tool'
import { createRecordingServer, declaredTool, recordingServerState, type RecordingServerState } from './testing/recording-server'
import { recordingLogger } from './testing/recording-chat-client'

/**
 * Security property: merging random runtime kwargs with random model arguments, no undeclared
 * name is ever forwarded unless opted in, and no opted-in (or declared, non-denylisted) name is dropped.
 */

const NAME_POOL = [
  'query',
  'limit',
  'cursor',
  'tenant',
  'apiKey',
  'secret',
  'thread',
  'session',
  'tools',
  'options',
  'chatOptions',
  'chat_options',
  'conversationId',
  'responseFormat',
  'toolChoice',
  '_meta',
  '__proto__',
  'constructor',
  'toString',
  'a',
  'b',
  'x-y',
  'path.to',
]
const TOOLS = ['search', 'fetch', 'unknown']

const name = fc.constantFrom(...NAME_POOL)
const names = fc.uniqueArray(name, { maxLength: 8 })
const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }))
const record = fc.uniqueArray(fc.tuple(name, value), { maxLength: 10, selector: ([key]) => key }).map((entries) => {
  const object: Record<string, unknown> = {}
  for (const [key, v] of entries) Object.defineProperty(object, key, { value: v, enumerable: true, writable: true, configurable: true })
  return object
})
const extrasConfig = fc.oneof(
  fc.constant(undefined),
  name,
  names,
  fc.record({ '*': fc.oneof(name, names), search: fc.oneof(name, names), fetch: names }, { requiredKeys: [] }),
)

const scenario = fc.record({
  declaredSearch: names,
  declaredFetch: names,
  extras: extrasConfig,
  tool: fc.constantFrom(...TOOLS),
  runtimeKwargs: record,
  modelArguments: record,
})

function allowedFor(tool: string, declared: ReadonlySet<string>, extras: ReturnType<typeof normalizeAdditionalToolArgumentNames>) {
  const optedIn = new Set([...extras.global, ...(extras.perTool.get(tool) ?? [])])
  return (key: string) => key !== '_meta' && (optedIn.has(key) || (declared.has(key) && !MCP_FRAMEWORK_DENYLIST.has(key)))
}

describe('argument allowlist property', () => {
  it('forwards exactly the declared-or-opted-in names, with the model winning (10,000 cases)', () => {
    fc.assert(
      fc.property(scenario, ({ declaredSearch, declaredFetch, extras, tool, runtimeKwargs, modelArguments }) => {
        const allowlist = new ToolArgumentAllowlist(extras)
        const declaredByTool = new Map([
          ['search', new Set(declaredSearch)],
          ['fetch', new Set(declaredFetch)],
        ])
        allowlist.setDeclaredParameters(declaredByTool)
        const runtime = { ...runtimeKwargs }
        delete runtime._meta // trusted _meta is validated separately; random values would be rejected
        const merged = mergeInvocationArguments(modelArguments, runtime)
        const { arguments: forwarded, meta } = allowlist.prepare(tool, merged)
        const isAllowed = allowedFor(tool, declaredByTool.get(tool) ?? new Set(), normalizeAdditionalToolArgumentNames(extras))

        expect(Object.getPrototypeOf(forwarded)).toBe(Object.prototype)
        expect(meta).toBeUndefined()
        for (const key of Object.keys(forwarded)) expect(isAllowed(key)).toBe(true)
        for (const key of Object.keys(merged)) {
          if (!isAllowed(key)) continue
          expect(Object.prototype.hasOwnProperty.call(forwarded, key)).toBe(true)
          const expected = Object.prototype.hasOwnProperty.call(modelArguments, key) ? modelArguments[key] : runtime[key]
          expect(forwarded[key]).toEqual(expected)
        }
        expect(Object.prototype.hasOwnProperty.call(forwarded, '_meta')).toBe(false)
      }),
      { numRuns: 10_000 },
    )
  })
})

describe('argument allowlist property over the wire', () => {
  let state: RecordingServerState
  let tool: InMemoryMCPTool
  beforeAll(async () => {
    state = recordingServerState([declaredTool('search', ['query', 'limit', 'thread'])])
    tool = new InMemoryMCPTool({
      name: 'prop',
      logger: recordingLogger(),
      additionalToolArgumentNames: { '*': ['tenant'], search: ['cursor'] },
      serverFactory: () => createRecordingServer(state),
    })
    await tool.connect()
  })
  afterAll(async () => {
    await tool.close()
  })

  it('the server receives only allowed names through FunctionTool.invoke', async () => {
    const isAllowed = (key: string) => ['query', 'limit', 'tenant', 'cursor'].includes(key)
    await fc.assert(
      fc.asyncProperty(record, record, async (runtimeKwargs, modelArguments) => {
        state.calls.length = 0
        const runtime = { ...runtimeKwargs }
        delete runtime._meta
        await tool.functions[0]!.invoke(modelArguments, { kwargs: runtime })
        const received = state.calls[0]!.arguments ?? {}
        const merged = { ...runtime, ...modelArguments }
        for (const key of Object.keys(received)) expect(isAllowed(key)).toBe(true)
        for (const key of Object.keys(merged).filter(isAllowed)) expect(received).toHaveProperty([key])
      }),
      { numRuns: 300 },
    )
  })
})
