/**
 * A graph people can grow (issue #15): a 300-node workflow opens with every node in view, drawn as
 * simple bodies at that zoom, a node can be selected, and zooming in brings the detailed body back.
 * How fast, at 200 to 1,000 nodes, is measured by bench/canvas (`npm run bench:canvas`).
 */
import { expect, test } from '@playwright/test'
import { gridGraph } from './fixtures/graphs'

test('a 300-node workflow fits in view with simple nodes; a node is selectable and zooming in shows its details', async ({ page }) => {
  const graph = gridGraph(300)
  const response = await page.request.post('/api/workflows', { data: { name: 'Three hundred nodes', graph } })
  expect(response.status()).toBe(201)
  const { workflow } = (await response.json()) as { workflow: { id: string } }

  await page.goto(`/workflows/${workflow.id}`)
  const nodes = page.locator('.react-flow__node')
  await expect(nodes).toHaveCount(300)
  await expect(page.locator('[data-body="simple"]')).toHaveCount(300)
  await expect(page.locator('.react-flow__edge')).toHaveCount(graph.edges.length)

  // Fit view: every node lies inside the canvas, none under the minimap.
  const canvas = (await page.getByTestId('canvas').boundingBox())!
  const minimap = (await page.locator('.react-flow__minimap').boundingBox())!
  const boxes = await nodes.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(canvas.x)
    expect(box.right).toBeLessThanOrEqual(canvas.x + canvas.width)
    expect(box.top).toBeGreaterThanOrEqual(canvas.y)
    expect(box.bottom <= minimap.y || box.right <= minimap.x).toBe(true)
  }

  const agent = page.getByTestId('node-n150')
  await agent.click()
  await expect(page.getByTestId('inspector-kind')).toHaveText('Agent')
  await expect(page.getByTestId('inspector').getByRole('heading', { name: 'Agent 150' })).toBeVisible()
  await expect(agent).toHaveAttribute('data-body', 'simple')

  // Zooming in on it: past the threshold the node shows its details (summary, kind) again.
  const box = (await agent.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -500)
  await expect(page.getByTestId('node-n150')).toHaveAttribute('data-body', 'detailed')
  await expect(page.getByTestId('node-n150')).toContainText('Summarise what step 150 received')
})
