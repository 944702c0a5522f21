/**
 * Editing a team's workflow from another workspace (issue #30): a person with a personal and a team workspace, whose
 * header shows the personal one, opens the team's workflow. The inspector's pickers offer what the team holds — its
 * MCP servers, its saved agents, its other workflows — and nothing of the personal workspace, whatever the header
 * shows; a server of the personal workspace the workflow still names is a problem that names it, and goes once the
 * team's server is chosen instead.
 *
 * Runs as the worker's admin, who sees every workspace (so a picker asking for "everything" would show both). Set up
 * through the API: the team workspace, one MCP server, saved agent and workflow in each workspace, and the team's
 * workflow to edit; the rest is the browser.
 */
import { randomBytes } from 'node:crypto'
import { snap } from './fixtures/page'
import { expect, test, type APIRequestContext } from './fixtures/test'

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as T
}

/** One workspace's things: an MCP server, a saved agent and a workflow, named after the workspace. */
async function stock(request: APIRequestContext, label: string, workspaceId: string | undefined) {
  const serverId = `${label}-tools`
  const inWorkspace = workspaceId ? `?workspaceId=${workspaceId}` : ''
  await json(
    await request.post(`/api/mcp-servers${inWorkspace}`, {
      data: { id: serverId, name: `${label} tools`, transport: 'http', config: { url: 'http://127.0.0.1:9/mcp' } },
    }),
  )
  const { agent } = await json<{ agent: { id: string } }>(await request.post('/api/agents', { data: { name: `${label} agent`, workspaceId } }))
  const { workflow } = await json<{ workflow: { id: string } }>(await request.post('/api/workflows', { data: { name: `${label} helper`, workspaceId } }))
  return { serverId, agentId: agent.id, workflowId: workflow.id }
}

test("a team's workflow opened from the personal workspace offers the team's servers, agents and workflows only", async ({ page }, testInfo) => {
  const tag = randomBytes(3).toString('hex')
  const team = `Pickers team ${tag}`
  const { workspace } = await json<{ workspace: { id: string } }>(await page.request.post('/api/workspaces', { data: { name: team } }))
  const teams = await stock(page.request, `team-${tag}`, workspace.id)
  const mine = await stock(page.request, `mine-${tag}`, undefined)

  // The team's workflow: an agent that still names the personal workspace's server, a saved agent, a sub-workflow.
  const graph = {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'writer', kind: 'agent', position: { x: 250, y: 0 }, data: { name: 'Writer', model: { provider: 'demo' }, mcpServerIds: [mine.serverId] } },
      { id: 'saved', kind: 'agent_ref', position: { x: 500, y: 0 }, data: { agentId: teams.agentId } },
      { id: 'helper', kind: 'sub_workflow', position: { x: 750, y: 0 }, data: { workflowId: teams.workflowId } },
      { id: 'output', kind: 'output', position: { x: 1000, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'start->writer', source: 'start', target: 'writer' },
      { id: 'writer->saved', source: 'writer', target: 'saved' },
      { id: 'saved->helper', source: 'saved', target: 'helper' },
      { id: 'helper->output', source: 'helper', target: 'output' },
    ],
  }
  const { workflow } = await json<{ workflow: { id: string } }>(
    await page.request.post('/api/workflows', { data: { name: `Team newsletter ${tag}`, graph, workspaceId: workspace.id } }),
  )

  // The header shows the personal workspace; the editor says the workflow is the team's.
  await page.goto('/workflows')
  await expect(page.getByTestId('current-workspace-name')).not.toHaveText(team)
  await page.goto(`/workflows/${workflow.id}`)
  await expect(page.getByTestId('canvas')).toBeVisible()
  await expect(page.getByTestId('editor-workspace')).toHaveText(team)
  await expect(page.getByTestId('current-workspace-name')).not.toHaveText(team)

  // The agent's MCP servers: the team's, and the personal one it still names only as not registered, a problem naming it.
  const problems = page.getByTestId('problems-panel')
  await expect(problems.locator('[data-code="unknown_mcp_server"]')).toContainText(`uses the MCP server "${mine.serverId}"`)
  await page.locator('.react-flow__node[data-id="writer"]').click()
  const inspector = page.getByTestId('inspector')
  await expect(inspector.getByTestId(`inspector-mcpServerIds-${teams.serverId}`)).not.toBeChecked()
  await expect(inspector.getByTestId(`inspector-mcpServerIds-${mine.serverId}`)).toBeChecked()
  await expect(inspector).toContainText('(not registered)')
  await snap(page, testInfo, '01-team-servers')
  await inspector.getByTestId(`inspector-mcpServerIds-${teams.serverId}`).check()
  // Unticked, a server the workspace does not have leaves the list (so a click, not uncheck(), which would look for it checked off).
  await inspector.getByTestId(`inspector-mcpServerIds-${mine.serverId}`).click()
  await expect(inspector.getByTestId(`inspector-mcpServerIds-${mine.serverId}`)).toHaveCount(0)
  await expect(problems.locator('[data-code="unknown_mcp_server"]')).toHaveCount(0)

  // The saved agent: the team's agents to choose from, not the personal one.
  await page.locator('.react-flow__node[data-id="saved"]').click()
  const agents = inspector.getByTestId('inspector-agentId')
  await expect(agents).toHaveValue(teams.agentId)
  await expect(agents.locator('option')).toContainText([`team-${tag} agent`])
  await expect(agents.locator(`option[value="${mine.agentId}"]`)).toHaveCount(0)

  // The sub-workflow: the team's workflows (not this one), not the personal one.
  await page.locator('.react-flow__node[data-id="helper"]').click()
  const workflows = inspector.getByTestId('inspector-workflowId')
  await expect(workflows).toHaveValue(teams.workflowId)
  await expect(workflows.locator(`option[value="${teams.workflowId}"]`)).toHaveCount(1)
  await expect(workflows.locator(`option[value="${mine.workflowId}"]`)).toHaveCount(0)
  await snap(page, testInfo, '02-team-workflows')
})

test("a new workflow opened from a link naming a team's workspace is the team's from the first render to its first save", async ({ page }) => {
  const team = `Linked drafts ${Date.now().toString(36)}`
  const { workspace } = await json<{ workspace: { id: string } }>(await page.request.post('/api/workspaces', { data: { name: team } }))
  await page.goto('/workflows')
  await expect(page.getByTestId('current-workspace-name')).not.toHaveText(team)

  // The link sets the current workspace after the page's first render: the draft follows it.
  await page.goto(`/workflows/new?workspace=${workspace.id}`)
  await expect(page.getByTestId('canvas')).toBeVisible()
  await expect(page.getByTestId('editor-workspace')).toHaveText(team)
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('save-status')).toContainText('Saved as v1')
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/)
  const workflowId = page.url().split('/').at(-1)!
  const saved = await json<{ workflow: { workspaceId: string } }>(await page.request.get(`/api/workflows/${workflowId}`))
  expect(saved.workflow.workspaceId).toBe(workspace.id)
  await expect(page.getByTestId('editor-workspace')).toHaveText(team)
})
