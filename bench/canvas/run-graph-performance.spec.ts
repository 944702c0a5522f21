/**
 * The run page's graph at 1,000 nodes (issue #15), in headless Chromium at 1280×800: a generated
 * workflow (e2e/fixtures/graphs.ts `gridGraph`, agents on the offline demo model) is run to the end
 * through the API, then its run page is opened in fresh browser contexts and this records, from navigation:
 *
 * - all drawn: every node and every edge of the graph drawn, as elements in the page (cards mounted and
 *   measured, edge paths) or painted by the canvas overview (its `data-nodes-drawn` / `data-edges-drawn`);
 * - pan fps: frames per second and the longest frame over the same scripted drag of the graph's empty pane
 *   as the editor's bench (canvas-driver.ts), one move per frame, from the graph as it opens.
 *
 * `npx playwright test -c bench/canvas/playwright.config.ts --project run-graph-bench`; sizes in
 * $RUN_GRAPH_BENCH_SIZES (default 1000), rounds in $RUN_GRAPH_BENCH_ROUNDS (default 3). Reported, not
 * asserted: a table on stdout, the rounds as JSON in `.reports/run-graph-performance.json` (or $RUN_GRAPH_BENCH_OUT).
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gridGraph } from '../../e2e/fixtures/graphs'
import { emptyCanvasPoint, framesDuring, panCanvas } from './canvas-driver'
import { median, round } from './figures'
import { settle } from './settle'

const SIZES = (process.env.RUN_GRAPH_BENCH_SIZES ?? '1000').split(',').map(Number)
const ROUNDS = Number(process.env.RUN_GRAPH_BENCH_ROUNDS ?? 3)
const OUT = process.env.RUN_GRAPH_BENCH_OUT ?? join(fileURLToPath(new URL('../..', import.meta.url)), '.reports', 'run-graph-performance.json')
const PAN_STEPS = 60

interface Round {
  size: number
  nodesMs: number
  edgesMs: number
  panFps: number
  panWorstFrameMs: number
  /** How the graph was drawn when the pan started: 'overview' (one canvas) or 'cards' (elements). */
  drawnAs: 'overview' | 'cards'
}

declare global {
  interface Window {
    __runGraphBench: { nodes: number; edges: number; nodesAt?: number; edgesAt?: number }
  }
}

/** Watches every frame from the first script on: when all the graph's nodes and edges are drawn. */
function installWatch(page: Page, expected: { nodes: number; edges: number }) {
  return page.addInitScript((watch) => {
    window.__runGraphBench = { ...watch }
    const bench = window.__runGraphBench
    const tick = () => {
      const now = performance.now()
      const graph = document.querySelector('[data-testid="run-graph"]')
      const overview = graph?.querySelector<HTMLCanvasElement>('[data-testid="canvas-overview"]')?.dataset
      const nodes = Math.max(graph?.querySelectorAll('.react-flow__node:not([style*="visibility: hidden"])').length ?? 0, Number(overview?.nodesDrawn ?? 0))
      const edges = Math.max(graph?.querySelectorAll('.react-flow__edge').length ?? 0, Number(overview?.edgesDrawn ?? 0))
      if (bench.nodesAt === undefined && nodes >= bench.nodes) bench.nodesAt = now
      if (bench.edgesAt === undefined && edges >= bench.edges) bench.edgesAt = now
      if (bench.nodesAt === undefined || bench.edgesAt === undefined) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }, expected)
}

async function measure(page: Page, runId: string, size: number, edges: number): Promise<Round> {
  await installWatch(page, { nodes: size, edges })
  await page.goto(`/runs/${runId}`, { waitUntil: 'commit' })
  await expect
    .poll(() => page.evaluate(() => window.__runGraphBench.nodesAt !== undefined && window.__runGraphBench.edgesAt !== undefined), { timeout: 180_000 })
    .toBe(true)
  const marks = await page.evaluate(() => window.__runGraphBench)
  await page.getByTestId('run-graph').scrollIntoViewIfNeeded()
  const drawnAs = (await page.getByTestId('run-graph').getByTestId('canvas-overview').count()) > 0 ? 'overview' : 'cards'
  const start = await emptyCanvasPoint(page)
  const pan = await framesDuring(page, () => panCanvas(page, start, PAN_STEPS))
  return { size, nodesMs: round(marks.nodesAt!), edgesMs: round(marks.edgesAt!), panFps: pan.fps, panWorstFrameMs: pan.worstFrameMs, drawnAs }
}

async function finishedRun(page: Page, size: number): Promise<{ runId: string; edges: number }> {
  const graph = gridGraph(size)
  const created = await page.request.post('/api/workflows', { data: { name: `Run graph bench ${size}`, graph } })
  expect(created.status()).toBe(201)
  const { workflow } = (await created.json()) as { workflow: { id: string } }
  const started = await page.request.post('/api/runs', { data: { workflowId: workflow.id, input: 'bench' } })
  expect(started.ok()).toBe(true)
  const { run } = (await started.json()) as { run: { id: string } }
  await expect
    .poll(async () => ((await (await page.request.get(`/api/runs/${run.id}`)).json()) as { run: { status: string } }).run.status, {
      timeout: 600_000,
      intervals: [1_000],
    })
    .toBe('succeeded')
  return { runId: run.id, edges: graph.edges.length }
}

test('the run graph of a finished run at 1,000 nodes', async ({ page, browser }) => {
  const runs = new Map<number, { runId: string; edges: number }>()
  for (const size of SIZES) runs.set(size, await finishedRun(page, size))
  const load = loadavg().map((value) => round(value, 2))

  // A first visit warms the server's compiled page and the browser's cache; it is not counted.
  const warm = runs.get(SIZES[0])!
  await measure(page, warm.runId, SIZES[0], warm.edges)

  const rounds: Round[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const size of SIZES) {
      const { runId, edges } = runs.get(size)!
      const context = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 1280, height: 800 } })
      const fresh = await context.newPage()
      await settle()
      rounds.push(await measure(fresh, runId, size, edges))
      console.log(`round ${round + 1}/${ROUNDS}: ${JSON.stringify(rounds[rounds.length - 1])}`)
      await context.close()
    }
  }

  const summary = SIZES.map((size) => {
    const of = rounds.filter((r) => r.size === size)
    const cell = (key: 'nodesMs' | 'edgesMs' | 'panFps' | 'panWorstFrameMs') => median(of.map((r) => r[key]))
    const range = (key: 'nodesMs' | 'panFps') => `${Math.min(...of.map((r) => r[key]))}–${Math.max(...of.map((r) => r[key]))}`
    return {
      nodes: size,
      'all nodes (ms)': `${cell('nodesMs')} (${range('nodesMs')})`,
      'all edges (ms)': cell('edgesMs'),
      'pan fps': `${cell('panFps')} (${range('panFps')})`,
      'worst pan frame (ms)': cell('panWorstFrameMs'),
      'drawn as': of[0]?.drawnAs,
    }
  })
  const report = {
    benchmark: 'run-graph-performance',
    date: new Date().toISOString(),
    browser: browser.version(),
    cpus: cpus().length,
    loadavg: load,
    rounds,
    summary,
  }
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nRun graph performance, headless Chromium ${browser.version()}, ${cpus().length} cores, load average ${load.join(' ')} before the rounds`)
  console.table(summary)
  console.log(`medians of ${ROUNDS} rounds (range in brackets); rounds written to ${OUT}`)
})
