/**
 * A graph people can grow (issue #15): a 300-node workflow opens with every node in view, drawn on the
 * canvas overview at that zoom (no node elements), a node there can be selected by a click and shown in
 * the inspector, and zooming in, by wheel or by double-clicking a node, brings node elements back:
 * simple bodies first, then the detailed body. How fast, at 200 to 1,000 nodes, is measured by
 * bench/canvas (`npm run bench:canvas`).
 */
import { expect, test } from './fixtures/test'
import { OVERVIEW_BELOW_ZOOM, SIMPLE_NODES_BELOW_ZOOM } from '../components/canvas/fit-view'
import { gridGraph } from './fixtures/graphs'
import { boxMiddle, screenPointOf, screenPointsOf, settledView } from './fixtures/overview'

test('a 300-node workflow fits in view as an overview; a node is selectable there and zooming in shows its details', async ({ page }) => {
  const graph = gridGraph(300)
  const response = await page.request.post('/api/workflows', { data: { name: 'Three hundred nodes', graph } })
  expect(response.status()).toBe(201)
  const { workflow } = (await response.json()) as { workflow: { id: string } }

  await page.goto(`/workflows/${workflow.id}`)
  const overview = page.getByTestId('canvas-overview')
  await expect(overview).toHaveAttribute('data-nodes-drawn', '300')
  await expect(overview).toHaveAttribute('data-edges-drawn', String(graph.edges.length))
  await expect(page.locator('.react-flow__node')).toHaveCount(0)

  // Fit view: every node lies inside the canvas, none under the minimap.
  const canvas = (await page.getByTestId('canvas').boundingBox())!
  const minimap = (await page.getByTestId('canvas-minimap').boundingBox())!
  const middles = await screenPointsOf(
    page,
    graph.nodes.map((node) => boxMiddle(node.position)),
  )
  for (const middle of middles) {
    const [halfWidth, halfHeight] = [120 * middle.zoom, 40 * middle.zoom]
    expect(middle.x - halfWidth).toBeGreaterThanOrEqual(canvas.x)
    expect(middle.x + halfWidth).toBeLessThanOrEqual(canvas.x + canvas.width)
    expect(middle.y - halfHeight).toBeGreaterThanOrEqual(canvas.y)
    expect(middle.y + halfHeight <= minimap.y || middle.x + halfWidth <= minimap.x).toBe(true)
  }

  // A click on a node of the overview selects it: the inspector shows it.
  const agent = graph.nodes.find((node) => node.id === 'n150')!
  const point = await screenPointOf(page, boxMiddle(agent.position))
  await page.mouse.click(point.x, point.y)
  await expect(page.getByTestId('inspector-kind')).toHaveText('Agent')
  await expect(page.getByTestId('inspector').getByRole('heading', { name: 'Agent 150' })).toBeVisible()

  // Zooming in on it, a notch at a time: past the overview's zoom the node is an element again (a simple
  // body), still selected, and past the simple bodies' zoom it shows its details (summary, kind).
  await page.mouse.move(point.x, point.y)
  const zoomInTo = async (zoom: number) => {
    while ((await settledView(page)).zoom < zoom) await page.mouse.wheel(0, -100)
  }
  await zoomInTo(OVERVIEW_BELOW_ZOOM)
  await expect(overview).toHaveCount(0)
  await expect(page.getByTestId('node-n150')).toHaveAttribute('data-body', 'simple')
  await expect(page.locator('.react-flow__node[data-id="n150"]')).toHaveClass(/selected/)
  await zoomInTo(SIMPLE_NODES_BELOW_ZOOM)
  await expect(page.getByTestId('node-n150')).toHaveAttribute('data-body', 'detailed')
  await expect(page.getByTestId('node-n150')).toContainText('Summarise what step 150 received')

  // Back to fit view, then a double-click on another node zooms straight to its details.
  await settledView(page)
  await page.getByRole('button', { name: 'Fit View' }).click()
  await expect(overview).toHaveAttribute('data-nodes-drawn', '300')
  const other = graph.nodes.find((node) => node.id === 'n200')!
  const otherPoint = await screenPointOf(page, boxMiddle(other.position))
  await page.mouse.dblclick(otherPoint.x, otherPoint.y)
  await expect(page.getByTestId('node-n200')).toHaveAttribute('data-body', 'detailed')
  await expect(page.getByTestId('node-n200')).toBeInViewport()
})

test('auto-layout of 1,000 nodes runs beside the editor: the page answers while it arranges', async ({ page }) => {
  const graph = gridGraph(1000)
  const response = await page.request.post('/api/workflows', { data: { name: 'A thousand nodes to arrange', graph } })
  expect(response.status()).toBe(201)
  const { workflow } = (await response.json()) as { workflow: { id: string } }
  await page.goto(`/workflows/${workflow.id}`)
  await expect(page.getByTestId('canvas-overview')).toHaveAttribute('data-nodes-drawn', '1000')

  const arrange = page.getByTestId('auto-layout')
  await arrange.click()
  await expect(arrange).toHaveText('Arranging…')
  // The layout takes seconds at this size; on the page's main thread it held every key and click until it was done.
  await page.keyboard.press('?')
  const sheet = page.getByTestId('shortcuts-sheet')
  await expect(sheet).toBeVisible()
  await expect(arrange).toHaveText('Arranging…')
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()

  await expect(arrange).toHaveText('Auto-layout', { timeout: 60_000 })
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'true')
  await expect(page.getByTestId('canvas-overview')).toHaveAttribute('data-nodes-drawn', '1000')
})
