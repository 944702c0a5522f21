/**
 * The editor's canvas at 200, 500 and 1,000 nodes, in headless Chromium (issue #15, "A graph people can
 * grow"). For each size it creates a generated workflow through the API, opens its editor in a fresh browser
 * context (after a pause, settle.ts, so that the last round's teardown is not measured) and records:
 *
 * - nodes: time from navigation to every node drawn, and edges: to every edge drawn. Drawn means an
 *   element in the page and measured (React Flow hides a node until it knows its size) or, zoomed out
 *   below OVERVIEW_BELOW_ZOOM, painted on the canvas overview (components/canvas/overview/), which
 *   reports what it painted in its `data-nodes-drawn` and `data-edges-drawn` attributes;
 * - interactive: to the first click on a node showing that node in the inspector (the click lands on
 *   the node's element, or on the node where the overview paints it);
 * - pan fps / zoom fps: frames per second (requestAnimationFrame counted in the page) over a fixed
 *   scripted drag of the empty canvas and a fixed wheel sequence, one input per frame, from fit view.
 *
 * Reported, not asserted: `npm run bench:canvas` prints a table and writes the rounds as JSON to
 * `.reports/canvas-performance.json` (or $CANVAS_BENCH_OUT). Goals: < 1.5 s to interactive and
 * ≥ 55 fps at 1,000 nodes.
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gridGraph } from '../../e2e/fixtures/graphs'
import { emptyCanvasPoint, framesDuring, panCanvas, zoomCanvas } from './canvas-driver'
import { installLoadWatch, loadBreakdown, type LoadBreakdown } from './load-breakdown'
import { median, round } from './figures'
import { settle } from './settle'

const SIZES = (process.env.CANVAS_BENCH_SIZES ?? '200,500,1000').split(',').map(Number)
const ROUNDS = Number(process.env.CANVAS_BENCH_ROUNDS ?? 3)
const OUT = process.env.CANVAS_BENCH_OUT ?? join(fileURLToPath(new URL('../..', import.meta.url)), '.reports', 'canvas-performance.json')
const PAN_STEPS = 60
const WHEEL_STEPS = 20

interface Round {
  size: number
  nodesMs: number
  edgesMs: number
  interactiveMs: number
  panFps: number
  panWorstFrameMs: number
  zoomFps: number
  zoomWorstFrameMs: number
  fitZoom: number
  /** Nodes drawn at fit view: elements in the page, or painted by the canvas overview. */
  nodesDrawn: number
}

declare global {
  interface Window {
    __canvasBench: { nodes: number; edges: number; label: string; nodesAt?: number; edgesAt?: number; selectedAt?: number }
  }
}

/** Watches every frame from the first script on: when all nodes are measured, all edges drawn, the node shown in the inspector. */
function installWatch(page: Page, expected: { nodes: number; edges: number; label: string }) {
  return page.addInitScript((watch) => {
    window.__canvasBench = { ...watch }
    const bench = window.__canvasBench
    const tick = () => {
      const now = performance.now()
      const overview = document.querySelector<HTMLCanvasElement>('[data-testid="canvas-overview"]')?.dataset
      const nodes = Math.max(document.querySelectorAll('.react-flow__node:not([style*="visibility: hidden"])').length, Number(overview?.nodesDrawn ?? 0))
      const edges = Math.max(document.querySelectorAll('.react-flow__edge').length, Number(overview?.edgesDrawn ?? 0))
      if (bench.nodesAt === undefined && nodes >= bench.nodes) bench.nodesAt = now
      if (bench.edgesAt === undefined && edges >= bench.edges) bench.edgesAt = now
      const shown = document.querySelector('[data-testid="inspector"] h2')?.textContent
      if (bench.selectedAt === undefined && shown === bench.label) bench.selectedAt = now
      if (bench.nodesAt === undefined || bench.edgesAt === undefined || bench.selectedAt === undefined) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }, expected)
}

interface Target {
  id: string
  label: string
  position: { x: number; y: number }
}

/**
 * Where the target node can be clicked, from the first frame it can: the middle of its element once
 * that is in view, or of where the canvas overview paints it (its flow position at the viewport's transform).
 */
function clickablePoint(page: Page, target: Target) {
  return page.evaluate(
    ({ id, position }) =>
      new Promise<{ x: number; y: number }>((resolve) => {
        const tick = () => {
          const pane = document.querySelector('.react-flow__pane')?.getBoundingClientRect()
          const element = document.querySelector(`.react-flow__node[data-id="${id}"]:not([style*="visibility: hidden"])`)?.getBoundingClientRect()
          const viewport = document.querySelector('.react-flow__viewport')
          if (pane && element && element.left >= pane.left && element.right <= pane.right && element.top >= pane.top && element.bottom <= pane.bottom) {
            return resolve({ x: element.left + element.width / 2, y: element.top + element.height / 2 })
          }
          if (pane && viewport && document.querySelector('[data-testid="canvas-overview"]')) {
            const { a: zoom, e: x, f: y } = new DOMMatrixReadOnly(getComputedStyle(viewport).transform)
            return resolve({ x: pane.left + x + (position.x + 120) * zoom, y: pane.top + y + (position.y + 40) * zoom })
          }
          requestAnimationFrame(tick)
        }
        tick()
      }),
    target,
  )
}

async function measure(page: Page, workflowId: string, size: number, edges: number, target: Target): Promise<Round> {
  await installWatch(page, { nodes: size, edges, label: target.label })
  await page.goto(`/workflows/${workflowId}`, { waitUntil: 'commit' })
  // As a person would: click the node as soon as it can be clicked.
  const point = await clickablePoint(page, target)
  await page.mouse.click(point.x, point.y)
  await expect
    .poll(() => page.evaluate(() => window.__canvasBench.selectedAt !== undefined && window.__canvasBench.edgesAt !== undefined), { timeout: 120_000 })
    .toBe(true)
  const marks = await page.evaluate(() => window.__canvasBench)
  const fitZoom = await page.evaluate(() => new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform).a)
  const nodesDrawn = await page.evaluate(() =>
    Math.max(
      document.querySelectorAll('.react-flow__node').length,
      Number(document.querySelector<HTMLCanvasElement>('[data-testid="canvas-overview"]')?.dataset.nodesDrawn ?? 0),
    ),
  )
  // Back to the fitted view (the click may not have moved it, but a selection ring is painted): deselect.
  await page.keyboard.press('Escape')

  const start = await emptyCanvasPoint(page)
  const pan = await framesDuring(page, () => panCanvas(page, start, PAN_STEPS))
  const zoom = await framesDuring(page, () => zoomCanvas(page, WHEEL_STEPS))

  return {
    size,
    nodesMs: round(marks.nodesAt!),
    edgesMs: round(marks.edgesAt!),
    interactiveMs: round(marks.selectedAt!),
    panFps: pan.fps,
    panWorstFrameMs: pan.worstFrameMs,
    zoomFps: zoom.fps,
    zoomWorstFrameMs: zoom.worstFrameMs,
    fitZoom: round(fitZoom, 3),
    nodesDrawn,
  }
}

test('canvas at 200, 500 and 1,000 nodes', async ({ page, browser }) => {
  const load = loadavg().map((value) => round(value, 2))
  const workflows = new Map<number, { id: string; edges: number; target: Target }>()
  for (const size of [...new Set([200, ...SIZES])]) {
    const graph = gridGraph(size)
    const response = await page.request.post('/api/workflows', { data: { name: `Canvas bench ${size}`, graph } })
    expect(response.status()).toBe(201)
    // The agent nearest the grid's centre (in view even where fit view cannot show the whole graph): the inspector shows its title when selected.
    const [maxX, maxY] = [Math.max(...graph.nodes.map((n) => n.position.x)), Math.max(...graph.nodes.map((n) => n.position.y))]
    const distance = (node: (typeof graph.nodes)[number]) => Math.hypot(node.position.x - maxX / 2, node.position.y - maxY / 2)
    const agent = graph.nodes.filter((node) => node.kind === 'agent').sort((a, b) => distance(a) - distance(b))[0]
    workflows.set(size, {
      id: ((await response.json()) as { workflow: { id: string } }).workflow.id,
      edges: graph.edges.length,
      target: { id: agent.id, label: String(agent.data.label), position: agent.position },
    })
  }

  // A first visit warms the server's compiled pages and the browser's cache; it is not counted.
  const warm = workflows.get(200)!
  await measure(page, warm.id, 200, warm.edges, warm.target)

  const rounds: Round[] = []
  const breakdowns: LoadBreakdown[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const size of SIZES) {
      const workflow = workflows.get(size)!
      const context = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 1280, height: 800 } })
      const fresh = await context.newPage()
      await installLoadWatch(fresh)
      await settle()
      rounds.push(await measure(fresh, workflow.id, size, workflow.edges, workflow.target))
      console.log(`round ${round + 1}/${ROUNDS}: ${JSON.stringify(rounds[rounds.length - 1])}`)
      breakdowns.push(await loadBreakdown(fresh, size))
      console.log(`load breakdown: ${JSON.stringify(breakdowns[breakdowns.length - 1])}`)
      await context.close()
    }
  }

  const summary = SIZES.map((size) => {
    const of = rounds.filter((r) => r.size === size)
    const cell = (key: keyof Round) => median(of.map((r) => r[key]))
    const range = (key: keyof Round) => `${Math.min(...of.map((r) => r[key]))}–${Math.max(...of.map((r) => r[key]))}`
    return {
      nodes: size,
      'all nodes (ms)': cell('nodesMs'),
      'all edges (ms)': cell('edgesMs'),
      'interactive (ms)': `${cell('interactiveMs')} (${range('interactiveMs')})`,
      'pan fps': `${cell('panFps')} (${range('panFps')})`,
      'zoom fps': `${cell('zoomFps')} (${range('zoomFps')})`,
      'worst frame pan/zoom (ms)': `${cell('panWorstFrameMs')}/${cell('zoomWorstFrameMs')}`,
      'fit zoom': cell('fitZoom'),
      'nodes drawn': cell('nodesDrawn'),
    }
  })
  const report = {
    benchmark: 'canvas-performance',
    date: new Date().toISOString(),
    browser: browser.version(),
    cpus: cpus().length,
    loadavg: load,
    rounds,
    breakdowns,
    summary,
  }
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nCanvas performance, headless Chromium ${browser.version()}, ${cpus().length} cores, load average ${load.join(' ')} at the start`)
  console.table(summary)
  console.log(`medians of ${ROUNDS} rounds (range in brackets); rounds written to ${OUT}`)
})
