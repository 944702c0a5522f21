/**
 * Where a pan or zoom frame of the editor's canvas spends its time, at fit view on a generated graph
 * (1,000 nodes unless $CANVAS_PROFILE_SIZE says otherwise): the same drag and wheel sequence as
 * canvas-performance.spec.ts, recorded with a Chrome trace (CDP `Tracing`) and broken down into the
 * renderer main thread's scripting, style, layout, paint and compositing time, and raster time.
 *
 * `npx playwright test -c bench/canvas/playwright.config.ts --project canvas-profile`. Reported, not
 * asserted: a table on stdout and JSON in `.reports/canvas-profile.json` (or $CANVAS_PROFILE_OUT).
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gridGraph } from '../../e2e/fixtures/graphs'
import { emptyCanvasPoint, framesDuring, panCanvas, zoomCanvas } from './canvas-driver'
import { frameBreakdown, type TraceEvent } from './frame-breakdown'

const SIZE = Number(process.env.CANVAS_PROFILE_SIZE ?? 1000)
const OUT = process.env.CANVAS_PROFILE_OUT ?? join(fileURLToPath(new URL('../..', import.meta.url)), '.reports', 'canvas-profile.json')
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink', 'cc', '__metadata'].join(',')

async function traced(session: CDPSession, page: Page, drive: () => Promise<void>) {
  const events: TraceEvent[] = []
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]))
  session.on('Tracing.dataCollected', collect)
  await session.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' })
  const frames = await framesDuring(page, drive)
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()))
  await session.send('Tracing.end')
  await done
  session.off('Tracing.dataCollected', collect)
  return { ...frames, ...frameBreakdown(events) }
}

test('where a canvas frame goes', async ({ page }) => {
  const graph = gridGraph(SIZE)
  const response = await page.request.post('/api/workflows', { data: { name: `Canvas profile ${SIZE}`, graph } })
  expect(response.status()).toBe(201)
  const { workflow } = (await response.json()) as { workflow: { id: string } }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/workflows/${workflow.id}`)
  await expect(page.getByTestId('canvas').locator('[data-testid^="node-"], canvas[data-testid="canvas-overview"]').first()).toBeVisible({ timeout: 60_000 })
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelectorAll('.react-flow__edge').length + document.querySelectorAll('[data-testid="canvas-overview"]').length),
    )
    .toBeGreaterThan(0)
  const fitZoom = await page.evaluate(() => new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform).a)

  const session = await page.context().newCDPSession(page)
  const start = await emptyCanvasPoint(page)
  const pan = await traced(session, page, () => panCanvas(page, start, 60))
  const zoom = await traced(session, page, () => zoomCanvas(page, 20))

  const report = { benchmark: 'canvas-profile', date: new Date().toISOString(), size: SIZE, fitZoom, loadavg: loadavg(), pan, zoom }
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`)
  for (const [name, result] of Object.entries({ pan, zoom })) {
    console.log(
      `\n${name} at ${SIZE} nodes (fit zoom ${fitZoom.toFixed(3)}): ${result.fps} fps, worst frame ${result.worstFrameMs} ms, raster ${result.rasterMs} ms`,
    )
    console.table(result.mainThreadMs)
    console.table(result.topEvents)
  }
})
