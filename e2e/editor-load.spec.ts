/**
 * How the editor opens a saved workflow (issue #15, time to interactive): the page brings the workflow with it, so
 * the canvas draws without asking the API for it; a workflow the page cannot read (missing, or a malformed id)
 * still ends in the API's answer, said in words.
 */
import { expect, test } from './fixtures/test'
import { gridGraph } from './fixtures/graphs'

test('a saved workflow opens from the page itself, with no request for the workflow', async ({ page }) => {
  const graph = gridGraph(12)
  const response = await page.request.post('/api/workflows', { data: { name: 'Opened from the page', graph } })
  expect(response.status()).toBe(201)
  const { workflow } = (await response.json()) as { workflow: { id: string } }

  const workflowRequests: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/workflows/${workflow.id}`) workflowRequests.push(request.url())
  })
  await page.goto(`/workflows/${workflow.id}`)
  await expect(page.locator('.react-flow__node')).toHaveCount(graph.nodes.length)
  await expect(page.getByTestId('workflow-name')).toHaveValue('Opened from the page')
  await page.getByTestId('node-n5').click()
  await expect(page.getByTestId('inspector').getByRole('heading', { name: 'Agent 5' })).toBeVisible()
  expect(workflowRequests).toEqual([])
})

test('a missing workflow and a malformed id say so', async ({ page }) => {
  await page.goto('/workflows/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('alert').filter({ hasText: 'This workflow does not exist.' })).toBeVisible()
  // Longer than any workflow id: the page does not read it, and the API refuses it.
  await page.goto(`/workflows/${'x'.repeat(101)}`)
  await expect(page.getByRole('alert').filter({ hasText: 'The workflow could not be loaded.' })).toBeVisible()
})
