/**
 * What a walk as a new user found (issue #27): a 1,000-step chain the editor called fine that then
 * failed "did not converge"; a timeline that said an agent replied while its tool call still waited,
 * and a run graph that painted a node Done after Cancel; a toast announcing an approval that covered
 * the very approval. Workflows are set up through the API where a person could not build them by hand.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

type Node = { id: string; kind: string; data: Record<string, unknown> }

function chainGraph(middle: Node[]) {
  const nodes = [{ id: 'start', kind: 'start', data: {} }, ...middle, { id: 'output', kind: 'output', data: {} }]
  const edges = nodes.slice(1).map((node, i) => ({ id: `${nodes[i]!.id}->${node.id}`, source: nodes[i]!.id, target: node.id }))
  return { schemaVersion: 1, nodes: nodes.map((node, i) => ({ ...node, position: { x: i * 260, y: 0 } })), edges }
}

async function createWorkflow(api: APIRequestContext, name: string, graph: unknown): Promise<string> {
  const created = await api.post('/api/workflows', { data: { name, graph } })
  expect(created.ok()).toBe(true)
  return ((await created.json()) as { workflow: { id: string } }).workflow.id
}

const problems = (page: Page) => page.getByTestId('problems-panel')

test('a chain longer than Max steps is a problem in the editor, with the way out, and gone once Max steps are raised', async ({ page }) => {
  const steps = Array.from({ length: 120 }, (_, i) => ({ id: `t${i}`, kind: 'transform', data: { label: `Step ${i}`, expression: 'input' } }))
  const workflowId = await createWorkflow(page.request, 'E2E long chain', chainGraph(steps))
  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('canvas')).toBeVisible()

  const tooLong = problems(page).locator('[data-code="too_many_steps"]')
  await expect(tooLong).toContainText('This workflow needs up to 121 steps but may take at most 100; raise Max steps in Settings.')
  await expect(problems(page)).not.toContainText('No problems')

  await page.getByTestId('workflow-settings').click()
  const maxSteps = page.getByTestId('settings-max-steps')
  await expect(maxSteps).toHaveValue('100')
  await maxSteps.fill('0')
  await expect(page.getByText('Enter a whole number from 1 to 10,000.')).toBeVisible()
  await expect(page.getByTestId('workflow-settings-save')).toBeDisabled()
  await maxSteps.fill('150')
  await page.getByTestId('workflow-settings-save').click()
  await expect(maxSteps).toBeHidden()
  await expect(tooLong).toHaveCount(0)
  await expect(problems(page)).toContainText('No problems')
})
