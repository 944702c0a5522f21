import { describe, expect, it } from 'vitest'
import { ToolExecutionException } from '../errors'
import {
  MCP_FRAMEWORK_DENYLIST,
  mergeInvocationArguments,
  normalizeAdditionalToolArgumentNames,
  ToolArgumentAllowlist,
  type AdditionalToolArgumentNames,
} from './argument-allowlist'

function allowlist(declared: Record<string, string[]>, extras?: AdditionalToolArgumentNames): ToolArgumentAllowlist {
  const list = new ToolArgumentAllowlist(extras)
  list.setDeclaredParameters(new Map(Object.entries(declared).map(([tool, names]) => [tool, new Set(names)])))
  return list
}

describe('normalizeAdditionalToolArgumentNames', () => {
  it('test_normalize_additional_tool_argument_names_none', () => {
    for (const value of [undefined, null]) {
      const normalized = normalizeAdditionalToolArgumentNames(value)
      expect([...normalized.global]).toEqual([])
      expect(normalized.perTool.size).toBe(0)
    }
  })

  it('test_normalize_additional_tool_argument_names_sequence', () => {
    const normalized = normalizeAdditionalToolArgumentNames(['tenant', 'cursor', 'tenant'])
    expect([...normalized.global].sort()).toEqual(['cursor', 'tenant'])
    expect(normalized.perTool.size).toBe(0)
  })

  it('test_normalize_additional_tool_argument_names_single_string', () => {
    const normalized = normalizeAdditionalToolArgumentNames('tenant')
    expect([...normalized.global]).toEqual(['tenant'])
    expect(normalized.perTool.size).toBe(0)
  })

  it('test_normalize_additional_tool_argument_names_mapping_with_global_key', () => {
    const normalized = normalizeAdditionalToolArgumentNames({ '*': ['tenant'], search: ['cursor', 'page'] })
    expect([...normalized.global]).toEqual(['tenant'])
    expect([...normalized.perTool.get('search')!].sort()).toEqual(['cursor', 'page'])
    expect(normalized.perTool.has('*')).toBe(false)
  })

  it('test_normalize_additional_tool_argument_names_mapping_with_string_values', () => {
    // A bare string is one name, never its characters.
    const normalized = normalizeAdditionalToolArgumentNames({ '*': 'tenant', search: 'cursor' })
    expect([...normalized.global]).toEqual(['tenant'])
    expect([...normalized.perTool.get('search')!]).toEqual(['cursor'])
  })
})

describe('ToolArgumentAllowlist.prepare', () => {
  it('test_prepare_call_kwargs_strips_undeclared_arguments', () => {
    const prepared = allowlist({ search: ['param'] }).prepare('search', { param: 1, thread: {}, conversationId: 'c', secret: 's' })
    expect(prepared.arguments).toEqual({ param: 1 })
    expect(prepared.meta).toBeUndefined()
  })

  it('test_prepare_call_kwargs_global_extras_allowed', () => {
    const prepared = allowlist({ search: ['param'] }, ['tenant']).prepare('search', { param: 1, tenant: 't', other: 2 })
    expect(prepared.arguments).toEqual({ param: 1, tenant: 't' })
  })

  it('test_prepare_call_kwargs_per_tool_and_global_extras', () => {
    const list = allowlist({ search: ['param'], fetch: ['url'] }, { '*': ['tenant'], search: ['cursor'] })
    expect(list.prepare('search', { param: 1, tenant: 't', cursor: 'c' }).arguments).toEqual({ param: 1, tenant: 't', cursor: 'c' })
    // Per-tool extras do not leak to other tools.
    expect(list.prepare('fetch', { url: 'u', tenant: 't', cursor: 'c' }).arguments).toEqual({ url: 'u', tenant: 't' })
  })

  it('test_prepare_call_kwargs_denylist_guards_server_declared_names', () => {
    const prepared = allowlist({ search: ['param', 'thread'] }).prepare('search', { param: 1, thread: 'declared-but-denied' })
    expect(prepared.arguments).toEqual({ param: 1 })
    expect(MCP_FRAMEWORK_DENYLIST.has('thread')).toBe(true)
  })

  it('test_prepare_call_kwargs_extras_override_denylist', () => {
    const prepared = allowlist({ search: ['param', 'thread'] }, ['thread']).prepare('search', { param: 1, thread: 'opted-in' })
    expect(prepared.arguments).toEqual({ param: 1, thread: 'opted-in' })
  })

  it('test_prepare_call_kwargs_zero_arg_tool_passes_no_arguments', () => {
    const prepared = allowlist({ ping: [] }).prepare('ping', { chatOptions: {}, thread: {}, anything: 1 })
    expect(prepared.arguments).toEqual({})
  })

  it('test_prepare_call_kwargs_unknown_tool_passes_only_global_extras', () => {
    const list = allowlist({ search: ['param'] }, { '*': ['tenant'], search: ['cursor'] })
    expect(list.prepare('unknown', { param: 1, tenant: 't', cursor: 'c' }).arguments).toEqual({ tenant: 't' })
  })

  it('test_prepare_call_kwargs_extracts_meta', () => {
    const meta = { 'example.com/trace': 'abc', plain: 1 }
    const prepared = allowlist({ search: ['param'] }, ['_meta']).prepare('search', { param: 1, _meta: meta })
    expect(prepared.arguments).toEqual({ param: 1 })
    expect(prepared.meta).toEqual(meta)
    expect(prepared.meta).not.toBe(meta)
  })

  it.each(['', '_leading-underscore', 'trailing-underscore_', 'abc/', '1bad.example/name', 'bad..example/name', 'bad.example/_name', 'bad.example/name_'])(
    'test_prepare_call_kwargs_rejects_invalid_meta_key_names[%j]',
    (key) => {
      const list = allowlist({ search: ['param'] })
      expect(() => list.prepare('search', { param: 1, _meta: { [key]: 'x' } })).toThrow(ToolExecutionException)
      expect(() => list.prepare('search', { param: 1, _meta: { [key]: 'x' } })).toThrow(`Invalid MCP _meta key name: '${key}'.`)
    },
  )

  it('rejects _meta that is not an object', () => {
    expect(() => allowlist({ t: [] }).prepare('t', { _meta: ['a'] })).toThrow('MCP tool metadata provided via _meta must be a dict.')
    expect(() => allowlist({ t: [] }).prepare('t', { _meta: 'x' })).toThrow('must be a dict.')
    expect(() => allowlist({ t: [] }).prepare('t', { _meta: { [Symbol('s')]: 1 } })).toThrow('MCP tool metadata provided via _meta must use string keys.')
  })

  it('accepts valid prefixed and plain meta keys', () => {
    const meta = { 'io.modelcontextprotocol/related-task': 1, 'a-b.c/d_e.f': 2, x: 3, progressToken: 4 }
    expect(allowlist({ t: [] }).prepare('t', { _meta: meta }).meta).toEqual(meta)
  })

  it('orders meta precedence user < trace < tools/list without mutating the input', () => {
    const userMeta = { a: 'user', b: 'user', c: 'user' }
    const prepared = allowlist({ t: [] }).prepare('t', { _meta: userMeta }, { c: 'tool-list' }, () => ({ b: 'trace', c: 'trace' }))
    expect(prepared.meta).toEqual({ a: 'user', b: 'trace', c: 'tool-list' })
    expect(userMeta).toEqual({ a: 'user', b: 'user', c: 'user' })
  })

  it('never sets the prototype of the forwarded arguments from a __proto__ key', () => {
    const kwargs = JSON.parse('{"__proto__": {"polluted": true}, "param": 1}') as Record<string, unknown>
    const prepared = allowlist({ t: ['__proto__', 'param'] }).prepare('t', kwargs)
    expect(Object.getPrototypeOf(prepared.arguments)).toBe(Object.prototype)
    expect(Object.keys(prepared.arguments).sort()).toEqual(['__proto__', 'param'])
  })
})

describe('mergeInvocationArguments', () => {
  it('lets the model win over runtime kwargs', () => {
    expect(mergeInvocationArguments({ q: 'model' }, { q: 'runtime', tenant: 't' })).toEqual({ q: 'model', tenant: 't' })
  })

  it('strips a model-supplied _meta and restores the trusted one', () => {
    expect(mergeInvocationArguments({ q: 1, _meta: { evil: 1 } }, { tenant: 't' })).toEqual({ q: 1, tenant: 't' })
    expect(mergeInvocationArguments({ q: 1, _meta: { evil: 1 } }, { _meta: { trusted: 1 } })).toEqual({ q: 1, _meta: { trusted: 1 } })
  })
})
