import { describe, expect, it } from 'vitest'
import {
  createMcpServerRequestSchema,
  importManifestRequestSchema,
  parseServerConfig,
  mcpServerIdParamsSchema,
  stdioCommandSchema,
  updateMcpServerRequestSchema,
} from './mcp-servers'

const stdio = { id: 'files', name: 'Files', transport: 'stdio', config: { command: 'node', args: ['server.mjs'] } }

function issuePaths(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }): string[] {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.'))
}

describe('new server ids', () => {
  it.each(['a', 'research-assistant', '0day', 'x'.repeat(63), 'mcp_mailtools'])('accepts %s', (id) => {
    expect(createMcpServerRequestSchema.safeParse({ ...stdio, id }).success).toBe(true)
  })

  it.each(['', '-lead', 'Upper', '_lead', 'sp ace', 'x'.repeat(64), 'import', 'dot.ted'])('refuses %j', (id) => {
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...stdio, id }))).toContain('id')
  })

  it('accepts existing ids with "_" in paths (servers imported from a manifest keep them)', () => {
    expect(mcpServerIdParamsSchema.safeParse({ id: 'mcp_mailtools' }).success).toBe(true)
    expect(mcpServerIdParamsSchema.safeParse({ id: '../etc' }).success).toBe(false)
  })
})

describe('stdio commands', () => {
  it.each(['node', 'python3', 'uvx', 'my-server', 'npx.cmd', '/usr/bin/node', '/opt/My Tools/server', 'C:\\Tools\\server.exe'])('accepts %j', (command) => {
    expect(stdioCommandSchema.safeParse(command).success).toBe(true)
  })

  it.each([
    ['node server.mjs', /put arguments in args/],
    ['./server', /not a relative path/],
    ['bin/server', /not a relative path/],
    ['node; rm -rf /', /put arguments in args/],
    ['$(whoami)', /no shell is used/],
    ['`id`', /no shell is used/],
    ['/bin/sh -c "x"', /no shell is used/],
    ['/usr/bin/a|b', /no shell is used/],
    [' node', /spaces/],
    ['', /required/],
  ])('refuses %j', (command, message) => {
    const result = stdioCommandSchema.safeParse(command)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(message)
  })

  it('keeps args as a list and drops an empty cwd', () => {
    const parsed = createMcpServerRequestSchema.parse({ ...stdio, config: { command: 'node', args: ['a b', '--flag=$HOME'], cwd: '  ' } })
    expect(parsed.config).toEqual({ command: 'node', args: ['a b', '--flag=$HOME'], cwd: undefined })
  })

  it('refuses a command string where a list of args belongs', () => {
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...stdio, config: { command: 'node', args: 'server.mjs' } }))).toContain('config.args')
  })
})

describe('urls', () => {
  it('wants http(s) for http servers and ws(s) for websocket servers', () => {
    const http = { id: 'h', name: 'H', transport: 'http' }
    expect(createMcpServerRequestSchema.safeParse({ ...http, config: { url: 'https://tools.example.com/mcp' } }).success).toBe(true)
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...http, config: { url: 'ws://tools.example.com/mcp' } }))).toEqual(['config.url'])
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...http, config: { url: 'file:///etc/passwd' } }))).toEqual(['config.url'])
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...http, config: { url: 'not a url' } }))).toEqual(['config.url'])
    const ws = { id: 'w', name: 'W', transport: 'websocket' }
    expect(createMcpServerRequestSchema.safeParse({ ...ws, config: { url: 'wss://tools.example.com/mcp' } }).success).toBe(true)
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...ws, config: { url: 'https://tools.example.com/mcp' } }))).toEqual(['config.url'])
  })

  it('checks a configuration against a transport with paths under config', () => {
    expect(issuePaths(parseServerConfig('http', { command: 'node' }))).toEqual(expect.arrayContaining(['config.url']))
    expect(parseServerConfig('stdio', { command: 'node' })).toMatchObject({ success: true, data: { config: { command: 'node', args: [] } } })
  })
})

describe('secrets', () => {
  it('takes environment values for stdio and headers for http, and refuses the other kind', () => {
    expect(createMcpServerRequestSchema.parse({ ...stdio, secrets: { env: { API_KEY: 'k' } } }).secrets).toEqual({ env: { API_KEY: 'k' } })
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...stdio, secrets: { headers: { Authorization: 'x' } } }))).toEqual(['secrets.headers'])
    const http = { id: 'h', name: 'H', transport: 'http', config: { url: 'https://a.example/mcp' } }
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...http, secrets: { env: { A: 'x' } } }))).toEqual(['secrets.env'])
  })

  it('refuses bad names and multi-line header values', () => {
    expect(createMcpServerRequestSchema.safeParse({ ...stdio, secrets: { env: { '1BAD': 'x' } } }).success).toBe(false)
    expect(createMcpServerRequestSchema.safeParse({ ...stdio, secrets: { env: { 'A=B': 'x' } } }).success).toBe(false)
    const http = { id: 'h', name: 'H', transport: 'http', config: { url: 'https://a.example/mcp' } }
    expect(createMcpServerRequestSchema.safeParse({ ...http, secrets: { headers: { 'Bad Header': 'x' } } }).success).toBe(false)
    expect(createMcpServerRequestSchema.safeParse({ ...http, secrets: { headers: { 'X-Token': 'a\r\nInjected: yes' } } }).success).toBe(false)
  })

  it('lets a patch set (string), remove (null) or leave (omitted) keys', () => {
    expect(updateMcpServerRequestSchema.parse({ secrets: { env: { A: 'new', B: null } } })).toEqual({ secrets: { env: { A: 'new', B: null } } })
  })
})

describe('loading tools on demand', () => {
  it('is off unless a new server asks for it', () => {
    expect(createMcpServerRequestSchema.parse(stdio).loadToolsOnDemand).toBe(false)
    expect(createMcpServerRequestSchema.parse({ ...stdio, loadToolsOnDemand: true }).loadToolsOnDemand).toBe(true)
    const http = { id: 'h', name: 'H', transport: 'http', config: { url: 'https://a.example/mcp' }, loadToolsOnDemand: true }
    expect(createMcpServerRequestSchema.parse(http).loadToolsOnDemand).toBe(true)
  })

  it('stays as it is when a patch leaves it out, and is a patch on its own', () => {
    expect(updateMcpServerRequestSchema.parse({ name: 'Files' })).not.toHaveProperty('loadToolsOnDemand')
    expect(updateMcpServerRequestSchema.parse({ loadToolsOnDemand: false })).toEqual({ loadToolsOnDemand: false })
  })

  it.each(['yes', 'true', 1, null])('refuses %j', (value) => {
    const created = createMcpServerRequestSchema.safeParse({ ...stdio, loadToolsOnDemand: value })
    expect(issuePaths(created)).toEqual(['loadToolsOnDemand'])
    expect(created.error?.issues[0]?.message).toBe('Must be true or false.')
    expect(issuePaths(updateMcpServerRequestSchema.safeParse({ loadToolsOnDemand: value }))).toEqual(['loadToolsOnDemand'])
  })
})

describe('sharing one connection across runs', () => {
  it('is off unless a new server asks for it, and a patch may set it alone', () => {
    expect(createMcpServerRequestSchema.parse(stdio).shareConnection).toBe(false)
    expect(createMcpServerRequestSchema.parse({ ...stdio, shareConnection: true }).shareConnection).toBe(true)
    expect(updateMcpServerRequestSchema.parse({ name: 'Files' })).not.toHaveProperty('shareConnection')
    expect(updateMcpServerRequestSchema.parse({ shareConnection: true })).toEqual({ shareConnection: true })
  })

  it('is refused together with loading tools on demand, at both fields', () => {
    const created = createMcpServerRequestSchema.safeParse({ ...stdio, shareConnection: true, loadToolsOnDemand: true })
    expect(issuePaths(created)).toEqual(['shareConnection', 'loadToolsOnDemand'])
    expect(issuePaths(updateMcpServerRequestSchema.safeParse({ shareConnection: true, loadToolsOnDemand: true }))).toEqual([
      'shareConnection',
      'loadToolsOnDemand',
    ])
    expect(updateMcpServerRequestSchema.safeParse({ shareConnection: true, loadToolsOnDemand: false }).success).toBe(true)
  })

  it.each(['yes', 1, null])('refuses %j', (value) => {
    expect(issuePaths(createMcpServerRequestSchema.safeParse({ ...stdio, shareConnection: value }))).toEqual(['shareConnection'])
    expect(issuePaths(updateMcpServerRequestSchema.safeParse({ shareConnection: value }))).toEqual(['shareConnection'])
  })
})

describe('bodies', () => {
  it('refuses unknown fields, including an attempt to rename the id', () => {
    expect(createMcpServerRequestSchema.safeParse({ ...stdio, command: 'node' }).success).toBe(false)
    expect(updateMcpServerRequestSchema.safeParse({ id: 'other' }).success).toBe(false)
  })

  it('refuses an empty patch', () => {
    expect(updateMcpServerRequestSchema.safeParse({}).success).toBe(false)
    expect(updateMcpServerRequestSchema.safeParse({ enabled: false }).success).toBe(true)
  })

  it('takes a manifest as text or object, and onExisting skip|update', () => {
    expect(importManifestRequestSchema.parse({ manifest: '{"mcpServers":[]}' })).toMatchObject({ onExisting: 'skip' })
    expect(importManifestRequestSchema.parse({ manifest: { mcpServers: [] }, onExisting: 'update' })).toMatchObject({ onExisting: 'update' })
    expect(importManifestRequestSchema.safeParse({ manifest: [] }).success).toBe(false)
    expect(importManifestRequestSchema.safeParse({ manifest: {}, onExisting: 'replace' }).success).toBe(false)
    expect(importManifestRequestSchema.safeParse({ manifest: {}, serverUrlBase: 'ftp://x' }).success).toBe(false)
  })
})
