import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isUserError } from '@/lib/core'
import { newServerIdSchema } from '@/lib/contracts/mcp-servers'
import {
  MAX_MANIFEST_ENTRIES,
  MAX_MANIFEST_NAME_LENGTH,
  ToolingManifestError,
  manifestSearchLocations,
  parseToolingManifest,
  readToolingManifest,
  toolServerId,
} from './tool-server-manifest'

function problems(input: unknown, options = {}): Array<{ path: string; message: string }> {
  try {
    parseToolingManifest(input, options)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolingManifestError)
    expect(isUserError(error)).toBe(true)
    return (error as ToolingManifestError).problems
  }
  throw new Error('expected the manifest to be rejected')
}

describe('parseToolingManifest', () => {
  it('caps what one manifest can ask for: entries, name lengths, nesting', () => {
    const many = { mcpServers: Array.from({ length: MAX_MANIFEST_ENTRIES + 1 }, (_, i) => ({ mcpServerName: `s${i}`, url: 'http://localhost/x' })) }
    expect(problems(many)).toEqual([{ path: 'mcpServers', message: expect.stringContaining(`at most ${MAX_MANIFEST_ENTRIES}`) }])
    expect(parseToolingManifest({ mcpServers: many.mcpServers.slice(0, MAX_MANIFEST_ENTRIES) })).toHaveLength(MAX_MANIFEST_ENTRIES)
    const longName = 'n'.repeat(MAX_MANIFEST_NAME_LENGTH + 1)
    expect(problems({ mcpServers: [{ mcpServerName: longName, url: 'http://localhost/x' }] })[0].path).toBe('mcpServers[0].mcpServerName')
    expect(problems('{"mcpServers":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}')[0].message).toContain('levels deep')
  })

  it('reads entries with a url, with a built url, with headers and with either name', () => {
    const servers = parseToolingManifest(
      JSON.stringify({
        mcpServers: [
          { mcpServerName: 'customServer', url: 'http://localhost:3000/custom-mcp', headers: { Authorization: 'Bearer token123' } },
          { mcpServerName: 'mailMCPServer', mcpServerUniqueName: 'mcp_MailTools', audience: 'mail', scope: 'Tools.ListInvoke.All' },
          { mcpServerUniqueName: 'mcp_SharePointTools', description: 'Documents' },
        ],
      }),
      { serverUrlBase: 'https://tools.example.com/servers/' },
    )
    expect(servers).toEqual([
      {
        id: 'customserver',
        name: 'customServer',
        uniqueName: 'customServer',
        url: 'http://localhost:3000/custom-mcp',
        headers: { Authorization: 'Bearer token123' },
        description: 'MCP tools from customServer',
      },
      {
        id: 'mcp_mailtools',
        name: 'mailMCPServer',
        uniqueName: 'mcp_MailTools',
        url: 'https://tools.example.com/servers/mcp_MailTools',
        headers: {},
        description: 'MCP tools from mailMCPServer',
      },
      {
        id: 'mcp_sharepointtools',
        name: 'mcp_SharePointTools',
        uniqueName: 'mcp_SharePointTools',
        url: 'https://tools.example.com/servers/mcp_SharePointTools',
        headers: {},
        description: 'Documents',
      },
    ])
  })

  it('accepts an empty list and an already parsed value', () => {
    expect(parseToolingManifest('{"mcpServers": []}')).toEqual([])
    expect(parseToolingManifest({ mcpServers: [{ mcpServerName: 'a', url: 'https://a.example/mcp' }] })).toHaveLength(1)
  })

  it('rejects documents that are not a manifest', () => {
    expect(problems('{ invalid json }')[0].message).toMatch(/^ToolingManifest\.json is not valid JSON: /)
    expect(problems('[]')).toEqual([{ path: '', message: 'The manifest must be a JSON object with an "mcpServers" list.' }])
    expect(problems('{}')).toEqual([{ path: 'mcpServers', message: 'must be a list of tool servers.' }])
    expect(problems({ mcpServers: {} })).toEqual([{ path: 'mcpServers', message: 'must be a list of tool servers.' }])
  })

  it('lists every problem of every entry, and imports nothing', () => {
    const found = problems({
      mcpServers: [
        { url: 'http://localhost:3000/custom-mcp' },
        { mcpServerName: 'no-url' },
        { mcpServerName: 'bad-url', url: 'not a url' },
        { mcpServerName: 'ftp', url: 'ftp://files.example.com/mcp' },
        { mcpServerName: 'headers', url: 'https://h.example/mcp', headers: { 'X-Count': 3 } },
        'just a string',
        { mcpServerName: '***', url: 'https://x.example/mcp' },
        { mcpServerName: 'ok', url: 'https://ok.example/mcp' },
        { mcpServerName: 'OK', url: 'https://ok2.example/mcp' },
        { mcpServerName: '  ' },
      ],
    })
    expect(found).toEqual([
      { path: 'mcpServers[0]', message: 'Either mcpServerName or mcpServerUniqueName must be provided.' },
      { path: 'mcpServers[1]', message: "has no 'url', and no server URL base is configured to build one for 'no-url'." },
      { path: 'mcpServers[2].url', message: "'not a url' is not a valid URL." },
      { path: 'mcpServers[3].url', message: "'ftp://files.example.com/mcp' must use http or https." },
      { path: 'mcpServers[4].headers.X-Count', message: expect.any(String) },
      { path: 'mcpServers[5]', message: expect.any(String) },
      { path: 'mcpServers[6]', message: "'***' has no letters or digits to make a server id from." },
      { path: 'mcpServers[8]', message: "'OK' is the same server as mcpServers[7] (id 'ok')." },
      { path: 'mcpServers[9].mcpServerName', message: 'must not be empty' },
    ])
  })

  it('takes headers by the API’s rules: header names are tokens, values a single line of storable text', () => {
    const entry = (headers: Record<string, string>) => ({ mcpServers: [{ mcpServerName: 'h', url: 'https://h.example/mcp', headers }] })
    expect(parseToolingManifest(entry({ Authorization: 'Bearer t0ken', 'X-Tenant': 'a b' }))[0].headers).toEqual({
      Authorization: 'Bearer t0ken',
      'X-Tenant': 'a b',
    })
    expect(problems(entry({ 'Bad Name': 'x' }))).toEqual([{ path: 'mcpServers[0].headers.Bad Name', message: expect.stringMatching(/key/i) }])
    expect(problems(entry({ 'X-Inject': 'ok\r\nX-Other: evil' }))).toEqual([
      { path: 'mcpServers[0].headers.X-Inject', message: 'Header values must be a single line.' },
    ])
    expect(problems(entry({ 'X-Nul': 'a\u0000b' }))).toEqual([{ path: 'mcpServers[0].headers.X-Nul', message: 'must not contain NUL characters.' }])
    expect(problems(entry({ 'X-Long': 'v'.repeat(8_193) }))[0].path).toBe('mcpServers[0].headers.X-Long')
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`X-H${i}`, 'v']))
    expect(problems(entry(many))).toEqual([{ path: 'mcpServers[0].headers', message: 'At most 50 entries.' }])
  })

  it('gives imported servers ids the API accepts: at most 63 characters, never a reserved one', () => {
    const [long] = parseToolingManifest({ mcpServers: [{ mcpServerUniqueName: `mcp_${'a'.repeat(70)}`, url: 'https://l.example/mcp' }] })
    expect(long.id).toBe(`mcp_${'a'.repeat(59)}`)
    expect(newServerIdSchema.safeParse(long.id).success).toBe(true)
    expect(problems({ mcpServers: [{ mcpServerUniqueName: 'Import', url: 'https://i.example/mcp' }] })).toEqual([
      {
        path: 'mcpServers[0]',
        message: "'Import' would get the server id 'import': This id is reserved; choose another. Give it another mcpServerUniqueName.",
      },
    ])
  })

  it('refuses names, descriptions and urls Postgres cannot store', () => {
    const found = problems({
      mcpServers: [
        { mcpServerName: 'nul\u0000name', url: 'https://a.example/mcp' },
        { mcpServerName: 'ok', mcpServerUniqueName: 'half \ud83d', url: 'https://b.example/mcp' },
        { mcpServerName: 'c', url: 'https://c.example/mcp', description: 'x\u0000' },
        { mcpServerName: 'd', url: 'https://d.example/m\u0000cp' },
      ],
    })
    expect(found.map((p) => p.path)).toEqual([
      'mcpServers[0].mcpServerName',
      'mcpServers[1].mcpServerUniqueName',
      'mcpServers[2].description',
      'mcpServers[3].url',
    ])
  })

  it('summarises the problems in the error message', () => {
    expect(() => parseToolingManifest({ mcpServers: [{}, {}, {}, {}] })).toThrow(
      /^The tool-server manifest cannot be imported: mcpServers\[0\]: Either .*; mcpServers\[2\]: .* \(and 1 more\)$/,
    )
  })
})

describe('toolServerId', () => {
  it.each([
    ['mcp_MailTools', 'mcp_mailtools'],
    ['Share Point / Tools', 'share-point-tools'],
    ['--x--', 'x'],
    // MCP_SERVER_ID_PATTERN's limit, and no dangling separator where the cut falls.
    ['x'.repeat(80), 'x'.repeat(63)],
    [`${'x'.repeat(62)}-tail`, 'x'.repeat(62)],
  ])('%s → %s', (name, id) => {
    expect(toolServerId(name)).toBe(id)
  })
})

describe('readToolingManifest', () => {
  it('reads the first manifest found: the working directory, then the started script’s directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentloom-manifest-'))
    try {
      await mkdir(join(dir, 'cwd'))
      await mkdir(join(dir, 'app'))
      await writeFile(join(dir, 'app', 'ToolingManifest.json'), JSON.stringify({ mcpServers: [{ mcpServerName: 'from-app', url: 'https://a.example/mcp' }] }))
      const locations = manifestSearchLocations(join(dir, 'cwd'), join(dir, 'app', 'main.js'))
      expect(locations).toEqual([join(dir, 'cwd', 'ToolingManifest.json'), join(dir, 'app', 'ToolingManifest.json')])
      expect(await readToolingManifest(locations)).toEqual({
        path: join(dir, 'app', 'ToolingManifest.json'),
        servers: [expect.objectContaining({ id: 'from-app' })],
      })
      await writeFile(join(dir, 'cwd', 'ToolingManifest.json'), '{ broken')
      await expect(readToolingManifest(locations)).rejects.toBeInstanceOf(ToolingManifestError)
      expect(await readToolingManifest([join(dir, 'missing.json')])).toBeUndefined()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
