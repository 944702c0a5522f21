/**
 * The run graph and a saved version of a large workflow are drawn as the editor draws one (issue #15):
 * on the canvas overview, with the canvas minimap. A 100-node run opens there with each node painted
 * by its status, and a click on a node there shows what it received and produced; a 300-node version
 * opens there read-only, and a double-click on a node zooms to it. How fast, at 1,000 nodes, is measured
 * by bench/canvas (`run-graph-performance.spec.ts`).
 */
import { expect, test, type Page } from './fixtures/test'
import { gridGraph } from './fixtures/graphs'
import { SIMPLE_BODY, boxMiddle, screenPointOf, type Point, type Size } from './fixtures/overview'

/**
 * The colour the overview painted inside a node's box, by its right edge (clear of the title, which
 * ends before it, and of the outline): the fill of its status.
 */
async function paintedFillOf(page: Page, middle: Point, size: Size) {
  return page.evaluate(
    ({ middle, size }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="canvas-overview"]')!
      const box = canvas.getBoundingClientRect()
      const { a: zoom } = new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform)
      const ratio = canvas.width / box.width
      const x = Math.floor((middle.x + (size.width / 2) * zoom - 1.5 - box.left) * ratio)
      const y = Math.floor((middle.y - box.top) * ratio)
      const [r, g, b] = canvas.getContext('2d')!.getImageData(x, y, 1, 1).data
      return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
    },
    { middle, size },
  )
}

test("a 100-node run's graph opens in the overview, painted by status; a node clicked there shows its activity", async ({ page }) => {
  const graph = gridGraph(100)
  const created = await page.request.post('/api/workflows', { data: { name: 'Hundred-node run', graph } })
  expect(created.status()).toBe(201)
  const { workflow } = (await created.json()) as { workflow: { id: string } }
  const started = await page.request.post('/api/runs', { data: { workflowId: workflow.id, input: 'hello' } })
  expect(started.ok()).toBe(true)
  const { run } = (await started.json()) as { run: { id: string } }

  await page.goto(`/runs/${run.id}`)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded', { timeout: 60_000 })
  const runGraph = page.getByTestId('run-graph')
  const overview = runGraph.getByTestId('canvas-overview')
  await expect(overview).toHaveAttribute('data-nodes-drawn', '100')
  await expect(overview).toHaveAttribute('data-edges-drawn', String(graph.edges.length))
  await expect(runGraph.locator('.react-flow__node')).toHaveCount(0)
  await expect(runGraph.getByTestId('canvas-minimap')).toBeVisible()

  // The step is done (the screen-reader list says so) and the overview paints it in the done card's colour.
  const step = graph.nodes.find((node) => node.id === 'n51')!
  await expect(runGraph.getByRole('button', { name: /^Step 51: Done/ })).toHaveCount(1)
  await runGraph.scrollIntoViewIfNeeded()
  const card = { width: 176, height: 56 }
  const point = await screenPointOf(page, boxMiddle(step.position, card))
  expect(await paintedFillOf(page, point, card)).toBe('#ecfdf5')

  // A click on it there opens what it received and produced.
  await page.mouse.click(point.x, point.y)
  await expect(page.getByTestId('node-activity-title')).toHaveText('Step 51')
  await expect(page.getByTestId('node-activity-panel')).toContainText('Done')
})

test('a 300-node version opens read-only in the overview; a double-click zooms to a node', async ({ page }) => {
  const graph = gridGraph(300)
  const created = await page.request.post('/api/workflows', { data: { name: 'Three hundred nodes, saved', graph } })
  expect(created.status()).toBe(201)
  const { workflow } = (await created.json()) as { workflow: { id: string } }

  await page.goto(`/workflows/${workflow.id}/versions/1`)
  await expect(page.getByTestId('viewer-version')).toHaveText('v1')
  const overview = page.getByTestId('canvas-overview')
  await expect(overview).toHaveAttribute('data-nodes-drawn', '300')
  await expect(overview).toHaveAttribute('data-edges-drawn', String(graph.edges.length))
  await expect(page.locator('.react-flow__node')).toHaveCount(0)
  await expect(page.getByTestId('canvas-minimap')).toBeVisible()

  // A click selects nothing (read-only); a double-click zooms to the node's details.
  const agent = graph.nodes.find((node) => node.id === 'n150')!
  const point = await screenPointOf(page, boxMiddle(agent.position, SIMPLE_BODY))
  await page.mouse.click(point.x, point.y)
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(0)
  await page.mouse.dblclick(point.x, point.y)
  await expect(page.getByTestId('node-n150')).toHaveAttribute('data-body', 'detailed')
  await expect(page.getByTestId('node-n150')).toBeInViewport()
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(0)
})
