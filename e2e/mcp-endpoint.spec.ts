/**
 * A workflow offered as an MCP tool (issue #16): a person ticks "Offer as an MCP tool" in the
 * workflow's details, finds the endpoint and a client configuration on Settings, and an MCP
 * client with their API token lists and calls the tool at /mcp through the real server.
 */
import { expect, test, type APIRequestContext } from './fixtures/test'
import { straightGraph } from './fixtures/graphs'

const shoutGraph = straightGraph({ id: 'shout', kind: 'transform', data: { expression: 'input + "!"' } })

/** One JSON-RPC request as an MCP client sends it over Streamable HTTP; the answer is the last SSE message. */
async function mcp(api: APIRequestContext, token: string, method: string, params: unknown): Promise<{ result?: any; error?: unknown }> {
  const response = await api.post('/mcp', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    data: { jsonrpc: '2.0', id: 1, method, params },
  })
  expect(response.status()).toBe(200)
  const messages = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as { id?: number; result?: unknown; error?: unknown })
  return messages.findLast((message) => message.id === 1) ?? {}
}

test('a workflow offered as an MCP tool is listed and called at /mcp with an API token', async ({ page }) => {
  const created = await page.request.post('/api/workflows', { data: { name: 'E2E MCP shout', graph: shoutGraph } })
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id

  await page.goto('/workflows')
  await page.getByTestId(`workflow-details-${workflowId}`).click()
  const details = page.getByRole('dialog', { name: 'Workflow details' })
  await details.getByTestId('workflow-details-mcp-offered').check()
  await expect(details.getByTestId('workflow-details-mcp-name')).toHaveAttribute('placeholder', 'e2e_mcp_shout')
  await details.getByTestId('workflow-details-mcp-name').fill('shout e2e')
  await details.getByTestId('workflow-details-save').click()
  await expect(details.getByText('A tool name is 1 to 64 letters, digits, underscores or hyphens.')).toBeVisible()
  await details.getByTestId('workflow-details-mcp-name').fill('shout_e2e')
  await details.getByTestId('workflow-details-save').click()
  await expect(details).toBeHidden()

  await page.goto('/settings')
  const endpoint = page.getByTestId('mcp-endpoint')
  await expect(endpoint.getByTestId('mcp-endpoint-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
  await expect(endpoint.getByTestId('mcp-endpoint-config')).toContainText('"Authorization": "Bearer <token>"')

  const token = ((await (await page.request.post('/api/me/tokens', { data: { name: 'e2e mcp client' } })).json()) as { token: string }).token
  const listed = await mcp(page.request, token, 'tools/list', {})
  expect((listed.result as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)).toContain('shout_e2e')
  const called = await mcp(page.request, token, 'tools/call', { name: 'shout_e2e', arguments: { input: 'hello' } })
  expect(called.result).toMatchObject({ content: [{ type: 'text', text: 'hello!' }] })

  // The browser's session alone does not get in.
  expect((await page.request.post('/mcp', { data: { jsonrpc: '2.0', id: 1, method: 'ping' } })).status()).toBe(401)
})
