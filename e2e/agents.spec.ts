/**
 * Agents as a person designs them: create one on the Agents page with the example MCP server and a
 * function tool, save versions with notes, place it on a canvas as a saved-agent node and run the
 * workflow. Then give an agent a folder and watch its file write wait for approval in a run.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Locator, type Page } from './fixtures/test'
import { snap, clickCentre } from './fixtures/page'

async function connect(page: Page, from: Locator, to: Locator) {
  const a = await from.locator('.react-flow__handle.source').first().boundingBox()
  const b = await to.locator('.react-flow__handle.target').first().boundingBox()
  if (!a || !b) throw new Error('handle not visible')
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.mouse.up()
}

/** Creates an agent on the Agents page and opens it; answers its id. */
async function createAgent(page: Page, name: string): Promise<string> {
  await page.goto('/agents')
  await page.getByTestId('new-agent-name').fill(name)
  await page.getByTestId('create-agent').click()
  await expect(page).toHaveURL(/\/agents\/[0-9a-f-]+$/)
  await expect(page.getByTestId('agent-title')).toHaveText(name)
  return page.url().split('/').pop()!
}

/** A new workflow start → saved agent → output, saved and run with `input`; leaves the page on the run. */
async function runAgentInWorkflow(page: Page, agentId: string, input: string) {
  await page.goto('/workflows')
  await page.getByTestId('new-workflow').click()
  // A draft: the workflow is created when first saved.
  await expect(page).toHaveURL(/\/workflows\/new$/)
  const canvas = page.getByTestId('canvas')
  await expect(page.locator('.react-flow__node')).toHaveCount(2)
  await clickCentre(page, page.locator('.react-flow__edge-interaction').first())
  await page.keyboard.press('Delete')
  await expect(page.locator('.react-flow__edge')).toHaveCount(0)
  await page.getByTestId('palette-agent_ref').dragTo(canvas, { targetPosition: { x: 330, y: 120 } })
  const node = page.locator('.react-flow__node-agent_ref')
  await expect(node).toBeVisible()
  await connect(page, page.locator('.react-flow__node[data-id="start"]'), node)
  await connect(page, node, page.locator('.react-flow__node[data-id="output"]'))
  await expect(page.locator('.react-flow__edge')).toHaveCount(2)
  await node.click()
  await page.getByTestId('inspector-agentId').selectOption(agentId)
  await expect(node).toContainText('Latest version')
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-label')).toContainText('1')
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]+$/)
  await page.getByTestId('run-workflow').click()
  await page.getByTestId('run-input').fill(input)
  await page.getByTestId('run-submit').click()
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]+$/)
}

test('design an agent with an MCP server and a function tool, save versions, run it as a canvas node', async ({ page }, testInfo) => {
  const agentId = await createAgent(page, 'E2E calculator')
  await expect(page.getByTestId('agent-version-1')).toBeVisible()

  // Settings, grouped: basics, model, tools.
  await page.getByTestId('inspector-agent-instructions').fill('Work things out with your tools.')
  await page.getByTestId('inspector-agent-provider').selectOption('demo')
  await page.getByTestId('inspector-agent-temperature').fill('0.2')
  await page.getByTestId('inspector-agent-mcpServerIds-research-assistant').check()
  await page.getByTestId('inspector-agent-functionTools-calculate').check()
  await page.getByTestId('inspector-agent-toolApprovals-name').fill('research-assistant_word_count')
  await page.getByTestId('inspector-agent-toolApprovals-add').click()
  await expect(page.getByTestId('inspector-agent-toolApprovals-research-assistant_word_count')).toHaveValue('always_require')

  // A field error shows under its field and keeps the version from being saved.
  await page.getByTestId('inspector-agent-provider').selectOption('openai_chat')
  await page.getByTestId('inspector-agent-baseUrl').fill('not a url')
  await expect(page.getByTestId('agent-section-Model')).toContainText('Give a full URL')
  await expect(page.getByTestId('save-version')).toBeDisabled()
  await page.getByTestId('inspector-agent-baseUrl').fill('')
  // The native providers take a base URL too (a gateway, an Ollama server); the demo model does not.
  for (const provider of ['anthropic', 'gemini', 'ollama']) {
    await page.getByTestId('inspector-agent-provider').selectOption(provider)
    await expect(page.getByTestId('inspector-agent-baseUrl')).toBeVisible()
  }
  await page.getByTestId('inspector-agent-provider').selectOption('demo')
  await expect(page.getByTestId('inspector-agent-baseUrl')).toBeHidden()
  await snap(page, testInfo, '01-agent-settings')

  await page.getByTestId('version-note').fill('tools added')
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-saved')).toHaveText('Saved as version 2.')
  await expect(page.getByTestId('agent-version-2')).toContainText('tools added')

  // A second version; the first can be opened again.
  await page.getByTestId('inspector-agent-instructions').fill('Work things out with your tools. Be brief.')
  await page.getByTestId('version-note').fill('briefer')
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('agent-version-3')).toContainText('briefer')
  await page.getByTestId('open-agent-version-2').click()
  await expect(page.getByTestId('inspector-agent-instructions')).toHaveValue('Work things out with your tools.')
  await expect(page.getByTestId('agent-chat')).toHaveAttribute('href', `/agents/${agentId}/chat`)

  await page.goto('/agents')
  await expect(page.getByTestId(`agent-row-${agentId}`)).toContainText('v3')

  // On a canvas, following the latest version: the function tool runs.
  await runAgentInWorkflow(page, agentId, '/call calculate {"expression":"6 * 7"}')
  await expect(page.getByTestId('run-status')).toContainText(/succeeded/i)
  await expect(page.getByTestId('run-output')).toContainText('42')
  await snap(page, testInfo, '02-run')

  // Delete, with confirmation.
  await page.goto(`/agents/${agentId}`)
  await page.getByTestId('delete-agent').click()
  await page.getByTestId('confirm-delete-agent').click()
  await expect(page).toHaveURL(/\/agents$/)
  await expect(page.getByTestId(`agent-row-${agentId}`)).toHaveCount(0)
})

test('give an agent a folder and watch its file write wait for approval', async ({ page }, testInfo) => {
  const root = process.env.E2E_FILE_ROOT!
  mkdirSync(join(root, 'reports'), { recursive: true })
  const agentId = await createAgent(page, 'E2E filer')
  await page.getByTestId('inspector-agent-instructions').fill('Write what you are asked to write.')
  await page.getByTestId('inspector-agent-provider').selectOption('demo')
  await page.getByTestId('inspector-agent-fileAccess').check()
  await page.getByTestId('inspector-agent-fileFolder-root').selectOption(root)
  await page.getByTestId('inspector-agent-fileFolder-open-reports').click()
  await expect(page.getByTestId('inspector-agent-fileFolder-folder')).toHaveText('reports/')
  await expect(page.getByTestId('inspector-agent-fileWrites')).toHaveValue('approve')
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-saved')).toBeVisible()
  await snap(page, testInfo, '03-file-access')

  await runAgentInWorkflow(page, agentId, '/call file_access_write {"file_name":"summary.txt","content":"written by the agent"}')
  const card = page.getByTestId('approval-card')
  await expect(card).toBeVisible()
  await expect(card).toContainText('file_access_write')
  await expect(page.getByTestId('run-status')).toContainText(/waiting/i)
  expect(existsSync(join(root, 'reports', 'summary.txt'))).toBe(false)
  await snap(page, testInfo, '04-write-waits')

  await page.getByTestId('approval-approve').click()
  await expect(page.getByTestId('run-status')).toContainText(/succeeded/i)
  expect(readFileSync(join(root, 'reports', 'summary.txt'), 'utf8')).toBe('written by the agent')
})

test('the agents list shows the tool an agent is offered as at /mcp, as the workflows list does', async ({ page }) => {
  const agentId = await createAgent(page, 'E2E offered agent')
  await page.getByTestId('agent-mcp-offered').check()
  const saved = page.waitForResponse((response) => response.url().endsWith(`/api/agents/${agentId}`) && response.request().method() === 'PATCH')
  await page.getByTestId('save-details').click()
  expect((await saved).status()).toBe(200)
  await page.goto('/agents')
  await expect(page.getByTestId(`agent-mcp-tool-${agentId}`)).toHaveText('MCP tool e2e_offered_agent')

  const created = await page.request.post('/api/workflows', { data: { name: 'E2E offered workflow' } })
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id
  await page.request.patch(`/api/workflows/${workflowId}`, { data: { mcpTool: { offered: true } } })
  await page.goto('/workflows')
  await expect(page.getByTestId(`workflow-mcp-tool-${workflowId}`)).toHaveText('MCP tool e2e_offered_workflow')
})
