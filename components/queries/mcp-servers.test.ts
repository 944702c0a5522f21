import { DEFAULT_MCP_SERVER_SETTINGS } from '@/lib/contracts/mcp-server-settings'
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it } from 'vitest'
import type { McpServerListResponse, McpServerResponse, McpServerSummary, McpTestResult } from '@/lib/contracts/mcp-servers'
import { forgetConnectionTests, markServerRemoved, markServerSaved, mcpServerKeys, showServerEnabled, type ConnectionTestState } from './mcp-servers'

const summary = (id: string, enabled = true): McpServerSummary => ({
  id,
  version: 1,
  name: id,
  description: '',
  transport: 'http',
  enabled,
  loadToolsOnDemand: false,
  shareConnection: false,
  summary: `https://tools.example.com/${id}`,
})

const list: McpServerListResponse = {
  servers: [summary('files'), summary('mail')],
  stdio: { enabled: true, canConfigure: true, allowedCommands: null },
}

const detail = (id: string): McpServerResponse => ({
  server: { ...summary(id), config: { url: `https://tools.example.com/${id}` }, secretKeys: { env: [], headers: [] }, settings: DEFAULT_MCP_SERVER_SETTINGS },
  referencedBy: [],
})

const connected: McpTestResult = { ok: true, tools: [{ name: 'search', description: '', parameters: [], taskSupport: 'forbidden' }] }

let queryClient: QueryClient

/** Runs a "Test connection" the way the row does, with the answer given here instead of the server's. */
async function runConnectionTest(id: string): Promise<void> {
  const test = queryClient.getMutationCache().build(queryClient, { mutationKey: mcpServerKeys.connectionTest(id), mutationFn: async () => connected })
  await test.execute(undefined)
}

const connectionTests = (id: string) =>
  queryClient
    .getMutationCache()
    .findAll({ mutationKey: mcpServerKeys.connectionTest(id), exact: true })
    .map((mutation) => mutation.state as ConnectionTestState)

beforeEach(() => {
  queryClient = new QueryClient()
  queryClient.setQueryData(mcpServerKeys.list(), list)
  queryClient.setQueryData(mcpServerKeys.detail('files'), detail('files'))
  queryClient.setQueryData(mcpServerKeys.detail('mail'), detail('mail'))
})

describe('the MCP server cache', () => {
  it('keeps the result of a connection test under its server', async () => {
    await runConnectionTest('files')
    expect(connectionTests('files')).toMatchObject([{ status: 'success', data: connected }])
    expect(connectionTests('mail')).toEqual([])
  })

  it('drops the connection tests of a saved server, and marks its detail and the list stale', async () => {
    await runConnectionTest('files')
    await runConnectionTest('mail')
    markServerSaved(queryClient, 'files')
    expect(connectionTests('files')).toEqual([])
    expect(connectionTests('mail')).toHaveLength(1)
    expect(queryClient.getQueryState(mcpServerKeys.list())?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(mcpServerKeys.detail('files'))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(mcpServerKeys.detail('mail'))?.isInvalidated).toBe(false)
  })

  it('forgets everything of a removed server but the list entry, which the refetch drops', async () => {
    await runConnectionTest('files')
    markServerRemoved(queryClient, 'files')
    expect(connectionTests('files')).toEqual([])
    expect(queryClient.getQueryData(mcpServerKeys.detail('files'))).toBeUndefined()
    expect(queryClient.getQueryData(mcpServerKeys.detail('mail'))).toEqual(detail('mail'))
    expect(queryClient.getQueryState(mcpServerKeys.list())?.isInvalidated).toBe(true)
  })

  it('forgets only the tests it is asked to', async () => {
    await runConnectionTest('files')
    forgetConnectionTests(queryClient, 'mail')
    expect(connectionTests('files')).toHaveLength(1)
  })

  it('flips one server in the cached list, and back', () => {
    showServerEnabled(queryClient, 'mail', false)
    const enabled = () => queryClient.getQueryData<McpServerListResponse>(mcpServerKeys.list())?.servers.map((server) => [server.id, server.enabled])
    expect(enabled()).toEqual([
      ['files', true],
      ['mail', false],
    ])
    showServerEnabled(queryClient, 'mail', true)
    expect(enabled()).toEqual([
      ['files', true],
      ['mail', true],
    ])
  })

  it('leaves a list that was never loaded alone', () => {
    queryClient.removeQueries({ queryKey: mcpServerKeys.list() })
    showServerEnabled(queryClient, 'mail', false)
    expect(queryClient.getQueryData(mcpServerKeys.list())).toBeUndefined()
  })
})
