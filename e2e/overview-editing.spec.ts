/**
 * Editing in the canvas overview, where an 80-node workflow opens zoomed out and React Flow has no node
 * elements: a node dragged there moves and is saved where it was dropped, in one undo step; Shift+drag
 * on empty canvas selects the nodes the box holds, which then drag together and delete together; and
 * the keyboard alone moves a focus from node to node, selects, moves and deletes.
 */
import { expect, test, type Page } from './fixtures/test'
import { gridGraph } from './fixtures/graphs'
import { boxMiddle, screenPointOf, settledView } from './fixtures/overview'

type Position = { x: number; y: number }
type SavedGraph = { nodes: Array<{ id: string; position: Position }> }

const graph = gridGraph(80)
const positionOf = (id: string) => graph.nodes.find((node) => node.id === id)!.position

async function openInOverview(page: Page) {
  const response = await page.request.post('/api/workflows', { data: { name: 'Eighty nodes', graph } })
  expect(response.status()).toBe(201)
  const { workflow } = (await response.json()) as { workflow: { id: string } }
  await page.goto(`/workflows/${workflow.id}`)
  await expect(page.getByTestId('canvas-overview')).toHaveAttribute('data-nodes-drawn', '80')
  return workflow.id
}

const middleOf = (page: Page, id: string) => screenPointOf(page, boxMiddle(positionOf(id)))

async function drag(page: Page, from: Position, by: Position) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps: 5 })
  await page.mouse.up()
}

/** Saves a new version and answers the positions in it. */
async function saveAndRead(page: Page, workflowId: string, version: number): Promise<Map<string, Position>> {
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-label')).toHaveText(`v${version}`)
  const response = await page.request.get(`/api/workflows/${workflowId}/versions/${version}`)
  const { version: saved } = (await response.json()) as { version: { graph: SavedGraph } }
  return new Map(saved.graph.nodes.map((node) => [node.id, node.position]))
}

function expectMovedBy(actual: Position | undefined, from: Position, by: Position, zoom: number) {
  // The pointer lands on whole device pixels: a pixel is 1 / zoom flow units.
  expect(Math.abs(actual!.x - (from.x + by.x / zoom))).toBeLessThanOrEqual(1 / zoom)
  expect(Math.abs(actual!.y - (from.y + by.y / zoom))).toBeLessThanOrEqual(1 / zoom)
}

test('a node dragged in the overview is saved where it was dropped; undo and redo take the whole drag', async ({ page }) => {
  const workflowId = await openInOverview(page)
  const overview = page.getByTestId('canvas-overview')
  const start = await middleOf(page, 'n12')
  const by = { x: 60, y: 40 }
  await drag(page, start, by)
  // The dragged node is the selection (the inspector shows it), and the nodes are still drawn on the overview.
  await expect(page.getByTestId('inspector').getByRole('heading', { name: 'Step 12' })).toBeVisible()
  await expect(overview).toHaveAttribute('data-selected-nodes', '1')
  await expect(page.locator('.react-flow__node')).toHaveCount(0)

  await page.keyboard.press('ControlOrMeta+z')
  await page.keyboard.press('ControlOrMeta+Shift+z')
  const redone = await saveAndRead(page, workflowId, 2)
  expectMovedBy(redone.get('n12'), positionOf('n12'), by, start.zoom)
  expect(redone.get('n13')).toEqual(positionOf('n13'))

  await page.keyboard.press('ControlOrMeta+z')
  const undone = await saveAndRead(page, workflowId, 3)
  expect(undone.get('n12')).toEqual(positionOf('n12'))
})

test("a node held at the overview's edge pans the canvas and is dropped under the pointer", async ({ page }) => {
  const workflowId = await openInOverview(page)
  const start = await middleOf(page, 'n12')
  const pane = (await page.locator('.react-flow__pane').boundingBox())!
  const viewport = () =>
    page.evaluate(() => {
      const { a: zoom, e: x, f: y } = new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform)
      return { x, y, zoom }
    })
  const before = await viewport()

  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  const atEdge = { x: pane.x + pane.width - 5, y: start.y }
  await page.mouse.move(atEdge.x, atEdge.y, { steps: 10 })
  // Held there, the canvas keeps panning: the flow beyond the right edge comes into view.
  await expect.poll(async () => (await viewport()).x).toBeLessThan(before.x - 100)
  await page.mouse.up()

  // The view as the release left it: React Flow's store has it at once, the viewport's style a render later.
  const after = await settledView(page)
  expect(after.y).toBe(before.y)
  // The node's middle is where the pointer was released, in the flow as it is now.
  const dropped = { x: (atEdge.x - pane.x - after.x) / after.zoom - 120, y: (atEdge.y - pane.y - after.y) / after.zoom - 40 }
  const saved = (await saveAndRead(page, workflowId, 2)).get('n12')!
  expect(Math.abs(saved.x - dropped.x)).toBeLessThanOrEqual(1 / after.zoom)
  expect(Math.abs(saved.y - dropped.y)).toBeLessThanOrEqual(1 / after.zoom)
})

test('a drag in the overview lasts through a wheel zoom past it: the node is dropped under the pointer, then shown in detail', async ({ page }) => {
  const workflowId = await openInOverview(page)
  const start = await middleOf(page, 'n12')
  const viewport = () =>
    page.evaluate(() => {
      const { a: zoom, e: x, f: y } = new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform)
      return { x, y, zoom }
    })

  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(start.x + 30, start.y + 20, { steps: 3 })
  for (let notch = 0; notch < 8; notch++) await page.mouse.wheel(0, -200)
  // Zoomed in past the overview's zoom, the view keeps the overview while the node is held.
  await expect.poll(async () => (await viewport()).zoom).toBeGreaterThan(0.6)
  await expect(page.getByTestId('canvas-overview')).toBeVisible()
  await expect(page.locator('.react-flow__node')).toHaveCount(0)
  const release = { x: start.x + 50, y: start.y + 40 }
  await page.mouse.move(release.x, release.y, { steps: 3 })
  await page.mouse.up()

  // Released, the view leaves the overview: the nodes in view are elements again.
  await expect(page.getByTestId('canvas-overview')).toHaveCount(0)
  await expect(page.locator('.react-flow__node[data-id="n12"]')).toBeVisible()
  const pane = (await page.locator('.react-flow__pane').boundingBox())!
  const after = await viewport()
  const dropped = { x: (release.x - pane.x - after.x) / after.zoom - 120, y: (release.y - pane.y - after.y) / after.zoom - 40 }
  const saved = (await saveAndRead(page, workflowId, 2)).get('n12')!
  // The press and the release land on whole pixels: a pixel of each zoom.
  const tolerance = 1 / start.zoom + 1 / after.zoom
  expect(Math.abs(saved.x - dropped.x)).toBeLessThanOrEqual(tolerance)
  expect(Math.abs(saved.y - dropped.y)).toBeLessThanOrEqual(tolerance)
})

test('Shift+drag on empty overview selects the nodes the box holds; they drag together and delete together', async ({ page }) => {
  const workflowId = await openInOverview(page)
  const overview = page.getByTestId('canvas-overview')
  // Around n0 and n1 (row 0 at x 300 and 600), from above the row, clear of every node.
  const from = await screenPointOf(page, { x: 270, y: -60 })
  const to = await screenPointOf(page, { x: 870, y: 110 })
  await page.keyboard.down('Shift')
  await drag(page, from, { x: to.x - from.x, y: to.y - from.y })
  await page.keyboard.up('Shift')
  await expect(overview).toHaveAttribute('data-selected-nodes', '2')

  const by = { x: 0, y: 50 }
  await drag(page, await middleOf(page, 'n1'), by)
  const saved = await saveAndRead(page, workflowId, 2)
  expectMovedBy(saved.get('n0'), positionOf('n0'), by, from.zoom)
  expectMovedBy(saved.get('n1'), positionOf('n1'), by, from.zoom)
  expect(saved.get('n2')).toEqual(positionOf('n2'))

  await page.keyboard.press('Delete')
  await expect(overview).toHaveAttribute('data-nodes-drawn', '78')
  // start → n0, n0 → n1 and n1 → n2 went with them.
  await expect(overview).toHaveAttribute('data-edges-drawn', String(graph.edges.length - 3))
})

test('the keyboard alone moves a focus between overview nodes, selects, moves and deletes', async ({ page }) => {
  await openInOverview(page)
  const overview = page.getByTestId('canvas-overview')
  const announcement = page.getByTestId('canvas-overview-announcement')

  // Tab from the canvas' edge into the overview: the first node in reading order has the focus.
  await page.getByTestId('canvas').focus()
  await page.keyboard.press('Tab')
  await expect(overview).toBeFocused()
  await expect(overview).toHaveAttribute('data-focused-node', 'start')
  await expect(announcement).toHaveText('Start, not selected, node 1 of 80')

  await page.keyboard.press('ArrowRight')
  await expect(overview).toHaveAttribute('data-focused-node', 'n0')
  await page.keyboard.press('ArrowDown')
  await expect(overview).toHaveAttribute('data-focused-node', 'n11')
  await page.keyboard.press('Tab')
  await expect(overview).toHaveAttribute('data-focused-node', 'n12')
  await expect(announcement).toContainText('Step 12, not selected')

  await page.keyboard.press('Enter')
  await expect(page.getByTestId('inspector').getByRole('heading', { name: 'Step 12' })).toBeVisible()
  await expect(announcement).toContainText('Step 12, selected')
  await page.keyboard.press('ArrowRight')
  await expect(announcement).toContainText('Moved selected nodes right')

  await page.keyboard.press('Delete')
  await expect(overview).toHaveAttribute('data-nodes-drawn', '79')
  await page.keyboard.press('ControlOrMeta+a')
  await expect(overview).toHaveAttribute('data-selected-nodes', '79')
})
