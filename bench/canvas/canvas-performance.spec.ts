/**
 * The editor's canvas at 200, 500 and 1,000 nodes, in headless Chromium (issue #15, "A graph people can
 * grow"). For each size it creates a generated workflow through the API, opens its editor and records:
 *
 * - nodes: time from navigation to every node in the page and measured (React Flow hides a node until
 *   it knows its size), and edges: to every edge drawn;
 * - interactive: to the first click on a node showing that node in the inspector;
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
import { installLoadWatch, loadBreakdown, type LoadBreakdown } from './load-breakdown'

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
  nodesInPage: number
}

declare global {
  interface Window {
    __canvasBench: { nodes: number; edges: number; label: string; nodesAt?: number; edgesAt?: number; selectedAt?: number }
    __frames?: { times: number[]; running: boolean }
  }
}

/** Watches every frame from the first script on: when all nodes are measured, all edges drawn, the node shown in the inspector. */
function installWatch(page: Page, expected: { nodes: number; edges: number; label: string }) {
  return page.addInitScript((watch) => {
    window.__canvasBench = { ...watch }
    const bench = window.__canvasBench
    const tick = () => {
      const now = performance.now()
      if (bench.nodesAt === undefined && document.querySelectorAll('.react-flow__node:not([style*="visibility: hidden"])').length >= bench.nodes) {
        bench.nodesAt = now
      }
      if (bench.edgesAt === undefined && document.querySelectorAll('.react-flow__edge').length >= bench.edges) bench.edgesAt = now
      const shown = document.querySelector('[data-testid="inspector"] h2')?.textContent
      if (bench.selectedAt === undefined && shown === bench.label) bench.selectedAt = now
      if (bench.nodesAt === undefined || bench.edgesAt === undefined || bench.selectedAt === undefined) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }, expected)
}

const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))

/** Frames per second while `drive` runs, and the longest frame. */
async function framesDuring(page: Page, drive: () => Promise<void>): Promise<{ fps: number; worstFrameMs: number }> {
  await page.evaluate(() => {
    const frames = { times: [] as number[], running: true }
    window.__frames = frames
    const tick = (time: number) => {
      frames.times.push(time)
      if (frames.running) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  await drive()
  const times = await page.evaluate(() => {
    window.__frames!.running = false
    return window.__frames!.times
  })
  const gaps = times.slice(1).map((time, i) => time - times[i])
  const span = times[times.length - 1] - times[0]
  return { fps: round((1000 * gaps.length) / span, 1), worstFrameMs: round(Math.max(...gaps), 1) }
}

/** A point of the empty canvas near its centre (not on a node, edge or panel), to drag from. */
async function emptyCanvasPoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect()
    for (let dy = 0; dy < pane.height / 2; dy += 7) {
      for (let dx = 0; dx < pane.width / 2; dx += 7) {
        const [x, y] = [pane.left + pane.width / 2 + dx, pane.top + pane.height / 2 + dy]
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y }
      }
    }
    return undefined
  })
  if (!point) throw new Error('no empty point on the canvas')
  return point
}

async function measure(page: Page, workflowId: string, size: number, edges: number, target: { id: string; label: string }): Promise<Round> {
  await installWatch(page, { nodes: size, edges, label: target.label })
  await page.goto(`/workflows/${workflowId}`, { waitUntil: 'commit' })
  // As a person would: click the node as soon as it can be clicked.
  await page.locator(`.react-flow__node[data-id="${target.id}"]`).click({ timeout: 60_000 })
  await expect
    .poll(() => page.evaluate(() => window.__canvasBench.selectedAt !== undefined && window.__canvasBench.edgesAt !== undefined), { timeout: 120_000 })
    .toBe(true)
  const marks = await page.evaluate(() => window.__canvasBench)
  const fitZoom = await page.evaluate(() => new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform).a)
  const nodesInPage = await page.locator('.react-flow__node').count()
  // Back to the fitted view (the click may not have moved it, but a selection ring is painted): deselect.
  await page.keyboard.press('Escape')

  const start = await emptyCanvasPoint(page)
  const pan = await framesDuring(page, async () => {
    await page.mouse.move(start.x, start.y)
    await page.mouse.down()
    for (let i = 1; i <= PAN_STEPS; i++) {
      const offset = 300 * Math.sin((Math.PI * i) / PAN_STEPS)
      await page.mouse.move(start.x + offset, start.y + offset / 3)
      await nextFrame(page)
    }
    await page.mouse.up()
  })

  const box = (await page.locator('.react-flow__pane').boundingBox())!
  const zoom = await framesDuring(page, async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    for (let i = 0; i < 2 * WHEEL_STEPS; i++) {
      await page.mouse.wheel(0, i < WHEEL_STEPS ? -100 : 100)
      await nextFrame(page)
    }
  })

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
    nodesInPage,
  }
}

function round(value: number, digits = 0): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : round((sorted[middle - 1] + sorted[middle]) / 2, 3)
}

test('canvas at 200, 500 and 1,000 nodes', async ({ page, browser }) => {
  const load = loadavg().map((value) => round(value, 2))
  const workflows = new Map<number, { id: string; edges: number; target: { id: string; label: string } }>()
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
      target: { id: agent.id, label: String(agent.data.label) },
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
      'nodes in page': cell('nodesInPage'),
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
