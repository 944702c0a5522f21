import { DEFAULT_MCP_SERVER_SETTINGS } from '@/lib/contracts/mcp-server-settings'
import { describe, expect, it } from 'vitest'
import type { McpServerDetail, StdioAccess } from '@/lib/contracts/mcp-servers'
import {
  commandHelp,
  createRequest,
  emptyServerForm,
  fieldErrorsFrom,
  formFromServer,
  initialForm,
  secretRow,
  slugFromName,
  transportOptions,
  updateRequest,
  type ServerForm,
} from './server-form'

const stored: McpServerDetail = {
  id: 'files',
  version: 1,
  name: 'Files',
  description: '',
  transport: 'stdio',
  enabled: true,
  loadToolsOnDemand: false,
  shareConnection: false,
  summary: 'node server.mjs',
  config: { command: 'node', args: ['server.mjs'], cwd: 'tools' },
  secretKeys: { env: ['API_KEY', 'REGION'], headers: [] },
  settings: DEFAULT_MCP_SERVER_SETTINGS,
}

function withValue(form: ServerForm, name: string, value: string): ServerForm {
  return { ...form, env: form.env.map((row) => (row.name === name ? { ...row, value } : row)) }
}

describe('createRequest', () => {
  it('sends the transport configuration and the secrets of the kind it uses', () => {
    const form: ServerForm = {
      ...emptyServerForm(),
      id: ' files ',
      name: 'Files',
      command: ' node ',
      args: ['server.mjs', '', '--verbose'],
      env: [{ ...secretRow('API_KEY'), value: 's3cret' }, secretRow('')],
      headers: [{ ...secretRow('Authorization'), value: 'ignored for stdio' }],
    }
    expect(createRequest(form)).toEqual({
      id: 'files',
      name: 'Files',
      description: '',
      enabled: true,
      loadToolsOnDemand: false,
      shareConnection: false,
      transport: 'stdio',
      config: { command: 'node', args: ['server.mjs', '--verbose'] },
      secrets: { env: { API_KEY: 's3cret' } },
    })
    const http = createRequest({ ...form, transport: 'http', url: ' https://a.example/mcp ' })
    expect(http).toMatchObject({ config: { url: 'https://a.example/mcp' }, secrets: { headers: { Authorization: 'ignored for stdio' } } })
  })
})

describe('updateRequest', () => {
  it('keeps stored secrets left empty, sets typed ones, removes deleted ones', () => {
    let form = formFromServer(stored)
    expect(form.env.map((row) => [row.name, row.value, row.stored])).toEqual([
      ['API_KEY', '', true],
      ['REGION', '', true],
    ])
    form = withValue(form, 'API_KEY', 'rotated')
    form = { ...form, env: [...form.env.filter((row) => row.name !== 'REGION'), { ...secretRow('TOKEN'), value: 't' }] }
    expect(updateRequest(form, stored)).toEqual({
      name: 'Files',
      description: '',
      enabled: true,
      loadToolsOnDemand: false,
      shareConnection: false,
      transport: 'stdio',
      config: { command: 'node', args: ['server.mjs'], cwd: 'tools' },
      secrets: { env: { API_KEY: 'rotated', TOKEN: 't', REGION: null } },
    })
  })

  it('sends no secrets when nothing about them changed', () => {
    expect(updateRequest(formFromServer(stored), stored)).not.toHaveProperty('secrets')
  })

  it('treats a renamed stored row as a removal plus a new key', () => {
    const form = formFromServer(stored)
    const renamed = { ...form, env: form.env.map((row) => (row.name === 'REGION' ? { ...row, name: 'ZONE', stored: false, value: 'z' } : row)) }
    expect(updateRequest(renamed, stored).secrets).toEqual({ env: { ZONE: 'z', REGION: null } })
  })

  it('switches to headers when the transport changes', () => {
    const form = { ...formFromServer(stored), transport: 'http' as const, url: 'https://a.example/mcp', headers: [{ ...secretRow('X-Key'), value: 'k' }] }
    expect(updateRequest(form, stored)).toMatchObject({ transport: 'http', config: { url: 'https://a.example/mcp' }, secrets: { headers: { 'X-Key': 'k' } } })
  })
})

describe('loading tools on demand', () => {
  it('is off for a new server and sent when the person ticks it', () => {
    expect(emptyServerForm().loadToolsOnDemand).toBe(false)
    expect(createRequest({ ...emptyServerForm(), loadToolsOnDemand: true })).toMatchObject({ loadToolsOnDemand: true })
  })

  it('starts from the stored setting when editing and sends the person’s choice', () => {
    const onDemand = { ...stored, loadToolsOnDemand: true }
    const form = formFromServer(onDemand)
    expect(form.loadToolsOnDemand).toBe(true)
    expect(updateRequest(form, onDemand)).toMatchObject({ loadToolsOnDemand: true })
    expect(updateRequest({ ...form, loadToolsOnDemand: false }, onDemand)).toMatchObject({ loadToolsOnDemand: false })
  })
})

describe('helpers', () => {
  it('suggests ids from names', () => {
    expect(slugFromName('My Files!')).toBe('my-files')
    expect(slugFromName('  Über Tools  ')).toBe('uber-tools')
    expect(slugFromName('---')).toBe('')
  })

  it('maps API issues to form fields, first message wins', () => {
    expect(
      fieldErrorsFrom({
        issues: [
          { path: 'config.command', message: 'bad command' },
          { path: 'config.args.2', message: 'bad arg' },
          { path: 'secrets.env.1BAD', message: 'bad name' },
          { path: 'id', message: 'bad id' },
          { path: 'id', message: 'second' },
          { path: 'unknown', message: 'x' },
        ],
      }),
    ).toEqual({ command: 'bad command', args: 'bad arg', env: 'bad name', id: 'bad id' })
    expect(fieldErrorsFrom(undefined)).toEqual({})
  })
})

describe('stdio access in the form', () => {
  const member: StdioAccess = { enabled: true, canConfigure: false, reason: 'Only admins can add stdio MCP servers.', allowedCommands: null }
  const admin: StdioAccess = { enabled: true, canConfigure: true, allowedCommands: ['node', 'npx'] }

  it('offers stdio only to those who may configure it, or to keep a stdio server as it is', () => {
    const values = (options: ReturnType<typeof transportOptions>) => options.map((option) => option.value)
    expect(values(transportOptions(member, undefined))).toEqual(['http', 'websocket'])
    expect(values(transportOptions(member, 'http'))).toEqual(['http', 'websocket'])
    expect(values(transportOptions(member, 'stdio'))).toEqual(['stdio', 'http', 'websocket'])
    expect(values(transportOptions(admin, undefined))).toEqual(['stdio', 'http', 'websocket'])
    // Unknown (the list did not load): the API decides.
    expect(values(transportOptions(null, undefined))).toEqual(['stdio', 'http', 'websocket'])
  })

  it('starts a new server as http for people who cannot add stdio servers', () => {
    expect(initialForm(undefined, member).transport).toBe('http')
    expect(initialForm(undefined, admin).transport).toBe('stdio')
  })

  it('names the allowed commands in the command help', () => {
    expect(commandHelp(admin)).toContain('This deployment allows: node, npx.')
    expect(commandHelp(member)).not.toContain('This deployment allows')
  })
})

describe('sharing one connection across runs', () => {
  it('is off for a new server, and the stored setting and the person’s choice are sent', () => {
    expect(emptyServerForm().shareConnection).toBe(false)
    expect(createRequest({ ...emptyServerForm(), shareConnection: true })).toMatchObject({ shareConnection: true })
    const shared = { ...stored, shareConnection: true }
    const form = formFromServer(shared)
    expect(form.shareConnection).toBe(true)
    expect(updateRequest(form, shared)).toMatchObject({ shareConnection: true })
    expect(updateRequest({ ...form, shareConnection: false }, shared)).toMatchObject({ shareConnection: false })
  })
})
