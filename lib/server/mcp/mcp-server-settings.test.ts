import { describe, expect, it } from 'vitest'
import { mcpServerSettingsSchema, previewForwardedArguments, readMcpServerSettings } from '@/lib/contracts/mcp-server-settings'
import { ToolArgumentAllowlist } from '@/lib/core'

describe('MCP server settings', () => {
  it('fills in the defaults: every tool, no extra names, ask each time, the framework task defaults', () => {
    expect(mcpServerSettingsSchema.parse({})).toEqual({
      allowedTools: null,
      additionalArgumentNames: { global: [], perTool: {} },
      sampling: { mode: 'ask', maxTokensPerRequest: 1024, maxRequestsPerRun: 5, beyondCaps: 'ask' },
      tasks: {},
    })
    expect(readMcpServerSettings({ sampling: { mode: 'sometimes' } })).toEqual(mcpServerSettingsSchema.parse({}))
  })

  it('refuses names that could not be forwarded safely, and caps beyond the client’s', () => {
    const bad = mcpServerSettingsSchema.safeParse({
      additionalArgumentNames: { global: ['__proto__', 'has space'], perTool: { 'bad tool': ['x'] } },
      sampling: { mode: 'auto', maxTokensPerRequest: 1_000_000, maxRequestsPerRun: 0 },
      tasks: { pollIntervalMs: 0 },
    })
    expect(bad.success).toBe(false)
    const paths = bad.error?.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(
      expect.arrayContaining([
        'additionalArgumentNames.global.0',
        'additionalArgumentNames.global.1',
        'additionalArgumentNames.perTool.bad tool',
        'sampling.maxTokensPerRequest',
        'sampling.maxRequestsPerRun',
        'tasks.pollIntervalMs',
      ]),
    )
  })

  it('previews the same arguments lib/core forwards', () => {
    const extras = { global: ['trace_id'], perTool: { search: ['locale'], other: ['secret'] } }
    const declared = ['query', 'options']
    const sample = { query: 'q', options: {}, trace_id: 't', locale: 'fr', secret: 's', stray: 1 }
    const allowlist = new ToolArgumentAllowlist({ '*': extras.global, ...extras.perTool })
    allowlist.setDeclaredParameters(new Map([['search', new Set(declared)]]))
    const forwarded = Object.keys(allowlist.prepare('search', sample).arguments)
    expect(previewForwardedArguments(declared, extras, 'search', Object.keys(sample))).toEqual({
      forwarded,
      dropped: Object.keys(sample).filter((name) => !forwarded.includes(name)),
    })
    expect(forwarded).toEqual(['query', 'trace_id', 'locale'])
  })
})
