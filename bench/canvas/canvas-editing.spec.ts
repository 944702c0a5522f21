/**
 * Editing a large workflow in the editor, in headless Chromium (issue #15, "a 1,000-node workflow opens and stays
 * usable"): for a generated workflow of CANVAS_EDIT_SIZE nodes (default 1,000; the grid of canvas-performance.spec.ts)
 * it measures each editing action a person takes, in the overview (the view a large graph opens in) and at detail
 * zoom (after a double-click on a node): selecting a node, typing in the inspector, select all, dragging the
 * selection, pasting and deleting 100 nodes, undo and redo, auto-layout and saving.
 *
 * For each action: the main thread's busy time it caused (Chrome's Performance.getMetrics, summed over the action
 * and the two frames after it: TaskDuration, of which ScriptDuration is script), and its wall time until those two
 * frames were drawn. Typing is reported per keystroke (20 keystrokes, one per frame) with the longest frame.
 *
 * Reported, not asserted: `npx playwright test -c bench/canvas/playwright.config.ts --project canvas-editing` prints
 * a table and writes JSON to `.reports/canvas-editing.json` (or $CANVAS_EDIT_OUT).
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gridGraph } from '../../e2e/fixtures/graphs'
import { framesDuring, nextFrame } from './canvas-driver'

const SIZE = Number(process.env.CANVAS_EDIT_SIZE ?? 1000)
const OUT = process.env.CANVAS_EDIT_OUT ?? join(fileURLToPath(new URL('../..', import.meta.url)), '.reports', 'canvas-editing.json')
const KEYSTROKES = 20

interface Row {
  view: 'overview' | 'detail'
  action: string
  wallMs: number
  taskMs: number
  scriptMs: number
  worstFrameMs?: number
}

async function busyTime(cdp: CDPSession): Promise<{ task: number; script: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
  const value = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000
  return { task: value('TaskDuration'), script: value('ScriptDuration') }
}

/** Runs `act`, then waits for two frames; answers the main thread's busy time and the wall time. */
async function timed(page: Page, cdp: CDPSession, act: () => Promise<void>): Promise<{ wallMs: number; taskMs: number; scriptMs: number }> {
  await nextFrame(page)
  const before = await busyTime(cdp)
  const started = Date.now()
  await act()
  await nextFrame(page)
  await nextFrame(page)
  const wallMs = Date.now() - started
  const after = await busyTime(cdp)
  return { wallMs, taskMs: round(after.task - before.task), scriptMs: round(after.script - before.script) }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}

/** Where a node is on screen: its element once in view, else where the overview paints it. */
async function nodePoint(page: Page, node: { id: string; position: { x: number; y: number } }): Promise<{ x: number; y: number }> {
  return page.evaluate(({ id, position }) => {
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect()
    const element = document.querySelector(`.react-flow__node[data-id="${id}"]:not([style*="visibility: hidden"])`)?.getBoundingClientRect()
    if (element && element.width > 0) return { x: element.left + element.width / 2, y: element.top + element.height / 2 }
    const { a: zoom, e: x, f: y } = new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform)
    return { x: pane.left + x + (position.x + 120) * zoom, y: pane.top + y + (position.y + 40) * zoom }
  }, node)
}

/** 100 nodes of another grid, as the clipboard carries them (components/canvas/clipboard.ts), chained. */
function clipboardOfHundredNodes(): string {
  const source = gridGraph(102)
  const nodes = source.nodes.filter((node) => /^n\d+$/.test(node.id)).slice(0, 100)
  const ids = new Set(nodes.map((node) => node.id))
  const edges = source.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target))
  return JSON.stringify({ agentloom: 'nodes', version: 1, nodes, edges })
}

async function typeInTitle(page: Page, cdp: CDPSession, view: Row['view'], rows: Row[]) {
  const title = page.getByTestId('inspector-label')
  await title.click()
  await title.press('End')
  let frame = { fps: 0, worstFrameMs: 0 }
  const result = await timed(page, cdp, async () => {
    frame = await framesDuring(page, async () => {
      for (let i = 0; i < KEYSTROKES; i++) {
        await page.keyboard.type(String(i % 10))
        await nextFrame(page)
      }
    })
  })
  rows.push({
    view,
    action: `keystroke in the inspector's title (per key, ${KEYSTROKES} keys)`,
    wallMs: round(result.wallMs / KEYSTROKES),
    taskMs: round(result.taskMs / KEYSTROKES),
    scriptMs: round(result.scriptMs / KEYSTROKES),
    worstFrameMs: frame.worstFrameMs,
  })
}

test('editing a large workflow', async ({ page, browser }) => {
  test.setTimeout(20 * 60_000)
  const load = loadavg().map((value) => Math.round(value * 100) / 100)
  const graph = gridGraph(SIZE)
  const response = await page.request.post('/api/workflows', { data: { name: `Canvas editing ${SIZE}`, graph } })
  expect(response.status()).toBe(201)
  const workflowId = ((await response.json()) as { workflow: { id: string } }).workflow.id
  const [maxX, maxY] = [Math.max(...graph.nodes.map((n) => n.position.x)), Math.max(...graph.nodes.map((n) => n.position.y))]
  const distance = (node: (typeof graph.nodes)[number]) => Math.hypot(node.position.x - maxX / 2, node.position.y - maxY / 2)
  const target = graph.nodes.filter((node) => node.kind === 'transform').sort((a, b) => distance(a) - distance(b))[0]!

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('canvas-overview')).toHaveAttribute('data-nodes-drawn', String(SIZE), { timeout: 120_000 })
  await expect(page.getByTestId('problems-panel')).toBeVisible()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const rows: Row[] = []
  const record = async (view: Row['view'], action: string, act: () => Promise<void>) => {
    rows.push({ view, action, ...(await timed(page, cdp, act)) })
    console.log(JSON.stringify(rows[rows.length - 1]))
  }
  const press = (keys: string) => () => page.keyboard.press(keys)
  const canvas = page.getByTestId('canvas')

  // In each view: select the node at `point`, type in its title, undo and redo the typing, select all.
  const editNodeAt = async (view: Row['view'], point: { x: number; y: number }) => {
    await record(view, 'select a node (click)', async () => {
      await page.mouse.click(point.x, point.y)
      await expect(page.getByTestId('inspector-label')).toBeVisible()
    })
    await typeInTitle(page, cdp, view, rows)
    await canvas.focus()
    await record(view, 'undo the typing (Ctrl+Z)', press('ControlOrMeta+z'))
    await record(view, 'redo (Shift+Ctrl+Z)', press('ControlOrMeta+Shift+z'))
    await record(view, 'select all (Ctrl+A)', press('ControlOrMeta+a'))
  }

  // The overview: the node where it is painted.
  const inOverview = await nodePoint(page, target)
  await editNodeAt('overview', inOverview)
  await page.keyboard.press('Escape')

  // Detail zoom: a double-click on the node zooms to it (zoom 1); its element appears.
  await page.mouse.dblclick(inOverview.x, inOverview.y)
  await expect(page.locator(`.react-flow__node[data-id="${target.id}"]:not([style*="visibility: hidden"])`)).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('canvas-overview')).toHaveCount(0)
  await editNodeAt('detail', await nodePoint(page, target))

  // Dragging the whole selection by a node: one row for the drag, with its frames.
  const point = await nodePoint(page, target)
  let drag = { fps: 0, worstFrameMs: 0 }
  const dragged = await timed(page, cdp, async () => {
    drag = await framesDuring(page, async () => {
      await page.mouse.move(point.x, point.y)
      await page.mouse.down()
      for (let i = 1; i <= 20; i++) {
        await page.mouse.move(point.x + 4 * i, point.y + 2 * i)
        await nextFrame(page)
      }
      await page.mouse.up()
    })
  })
  rows.push({
    view: 'detail',
    action: `drag all ${SIZE} selected nodes (per frame, 20 moves)`,
    ...dragged,
    wallMs: round(dragged.wallMs / 20),
    taskMs: round(dragged.taskMs / 20),
    scriptMs: round(dragged.scriptMs / 20),
    worstFrameMs: drag.worstFrameMs,
  })
  await record('detail', 'undo the drag (Ctrl+Z)', press('ControlOrMeta+z'))
  await page.keyboard.press('Escape')

  // Paste 100 nodes (they become the selection), delete them, undo and redo.
  await page.evaluate((text) => navigator.clipboard.writeText(text), clipboardOfHundredNodes())
  await canvas.focus()
  await record('detail', 'paste 100 nodes (Ctrl+V)', async () => {
    await page.keyboard.press('ControlOrMeta+v')
    await expect(page.getByTestId('inspector')).toContainText('items selected')
  })
  await record('detail', 'delete the 100 pasted nodes (Delete)', press('Delete'))
  await record('detail', 'undo the deletion (Ctrl+Z)', press('ControlOrMeta+z'))
  await record('detail', 'redo the deletion (Shift+Ctrl+Z)', press('ControlOrMeta+Shift+z'))

  await record('detail', `auto-layout of ${SIZE} nodes`, async () => {
    await page.getByTestId('auto-layout').click()
    await expect(page.getByTestId('auto-layout')).toHaveText('Auto-layout', { timeout: 120_000 })
  })
  await record('detail', 'save a version (until the toolbar shows it)', async () => {
    await page.getByTestId('save-version').click()
    await expect(page.getByTestId('version-label')).toHaveText('v2', { timeout: 120_000 })
  })

  const report = {
    benchmark: 'canvas-editing',
    date: new Date().toISOString(),
    browser: browser.version(),
    cpus: cpus().length,
    loadavg: load,
    size: SIZE,
    rows,
  }
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nEditing ${SIZE} nodes, headless Chromium ${browser.version()}, ${cpus().length} cores, load average ${load.join(' ')} at the start`)
  console.table(rows)
})
