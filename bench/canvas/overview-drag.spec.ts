/**
 * Editing in the canvas overview at scale: frames per second while a node is dragged, while all nodes
 * are dragged together, and while a selection box is drawn, at fit view on a generated graph (1,000
 * nodes unless $OVERVIEW_DRAG_SIZE says otherwise), against a pan from between two rows measured the same
 * way in the same run (60 moves along the same arc, one per frame).
 *
 * `npx playwright test -c bench/canvas/playwright.config.ts --project overview-drag`. Reported, not asserted.
 */
import { expect, test, type Page } from '@playwright/test'
import { loadavg } from 'node:os'
import { gridGraph } from '../../e2e/fixtures/graphs'
import { framesDuring, panCanvas } from './canvas-driver'

const SIZE = Number(process.env.OVERVIEW_DRAG_SIZE ?? 1000)

/** Where the overview paints a flow point. */
async function screenPoint(page: Page, point: { x: number; y: number }) {
  return page.evaluate((point) => {
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect()
    const { a: zoom, e: x, f: y } = new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform)
    return { x: pane.left + x + point.x * zoom, y: pane.top + y + point.y * zoom }
  }, point)
}

test('frames while editing in the overview', async ({ page }) => {
  const graph = gridGraph(SIZE)
  const response = await page.request.post('/api/workflows', { data: { name: `Overview drag ${SIZE}`, graph } })
  expect(response.status()).toBe(201)
  const { workflow } = (await response.json()) as { workflow: { id: string } }
  await page.goto(`/workflows/${workflow.id}`)
  const overview = page.getByTestId('canvas-overview')
  await expect(overview).toHaveAttribute('data-nodes-drawn', String(SIZE), { timeout: 60_000 })
  const node = graph.nodes[Math.floor(SIZE / 2)]
  const middle = () => screenPoint(page, { x: node.position.x + 120, y: node.position.y + 40 })

  // Between two rows of the grid (a node is 80 high, rows are 150 apart): a press there pans.
  const empty = await screenPoint(page, { x: node.position.x + 120, y: node.position.y + 115 })
  const pan = await framesDuring(page, () => panCanvas(page, empty, 60))
  await page.getByRole('button', { name: 'Fit View' }).click()
  await expect(overview).toHaveAttribute('data-nodes-drawn', String(SIZE))
  // The arc ends where it started: each drag leaves the graph as it was, for the next one.
  const dragOne = await framesDuring(page, async () => panCanvas(page, await middle(), 60))
  await page.keyboard.press('ControlOrMeta+a')
  await expect(overview).toHaveAttribute('data-selected-nodes', String(SIZE))
  const dragAll = await framesDuring(page, async () => panCanvas(page, await middle(), 60))
  await page.keyboard.down('Shift')
  const box = await framesDuring(page, () => panCanvas(page, empty, 60))
  await page.keyboard.up('Shift')

  const figures = { pan, dragOne, dragAll, box }
  console.log(
    `\noverview editing at ${SIZE} nodes, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  )
  for (const [name, result] of Object.entries(figures)) console.log(`${name}: ${result.fps} fps, worst frame ${result.worstFrameMs} ms`)
})
