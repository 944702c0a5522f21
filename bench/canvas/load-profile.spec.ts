/**
 * Where the editor's opening spends the main thread, for one cold opening of a generated graph (1,000 nodes
 * unless $CANVAS_PROFILE_SIZE says otherwise) in a fresh browser context at 1280×800: a Chrome trace (CDP
 * `Tracing`, with V8's sampling profiler) from navigation to the first click on a node showing it in the
 * inspector, broken down into
 *
 * - the main thread's tasks over 30 ms, each with its start and its largest self-time events;
 * - the main thread's self time per trace event (scripting, parsing, style, layout, paint, GC);
 * - the sampled script time per script (chunk) and per function, so that a cost can be placed in the
 *   bundle (names are minified in a production build: the chunk and position locate them).
 *
 * `npx playwright test -c bench/canvas/playwright.config.ts --project canvas-load-profile`. Reported, not
 * asserted: tables on stdout and JSON in `.reports/canvas-load-profile.json` (or $CANVAS_LOAD_PROFILE_OUT).
 */
import { expect, test, type CDPSession } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gridGraph } from '../../e2e/fixtures/graphs'
import { selfTimes, type TraceEvent } from './frame-breakdown'
import { sampledScriptTime, type ProfileTraceEvent } from './sampled-script-time'
import { settle } from './settle'

const SIZE = Number(process.env.CANVAS_PROFILE_SIZE ?? 1000)
const OUT = process.env.CANVAS_LOAD_PROFILE_OUT ?? join(fileURLToPath(new URL('../..', import.meta.url)), '.reports', 'canvas-load-profile.json')
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  '__metadata',
].join(',')

async function startTracing(session: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = []
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]))
  session.on('Tracing.dataCollected', collect)
  await session.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' })
  return async () => {
    const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()))
    await session.send('Tracing.end')
    await done
    session.off('Tracing.dataCollected', collect)
    return events
  }
}

type DataEvent = TraceEvent & { args?: { data?: { url?: string }; beginData?: { url?: string } } }

/** The renderer main thread that ran the page (the one that parsed its HTML, not the new tab's), and its navigation start. */
function pageMainThread(events: DataEvent[], origin: string) {
  const parse = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.startsWith(origin))
  if (!parse) throw new Error(`no ParseHTML of ${origin} in the trace`)
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === parse.pid && event.tid === parse.tid)
  return { pid: parse.pid, tid: parse.tid, navigationStartTs: navigation?.ts ?? parse.ts }
}

const ms = (micros: number) => Math.round(micros / 100) / 10

test('where the editor opening goes', async ({ browser, page }) => {
  test.setTimeout(5 * 60_000)
  const graph = gridGraph(SIZE)
  const response = await page.request.post('/api/workflows', { data: { name: `Load profile ${SIZE}`, graph } })
  expect(response.status()).toBe(201)
  const { workflow } = (await response.json()) as { workflow: { id: string } }
  const target = graph.nodes.find((node) => node.kind === 'agent')!
  // A first visit warms the server's compiled page; not traced.
  await page.goto(`/workflows/${workflow.id}`)
  await expect(page.getByTestId('canvas')).toBeVisible({ timeout: 60_000 })
  // The page's HTML carries the workflow in its RSC payload: how large, and how many copies of one node's instructions.
  const html = await (await page.request.get(`/workflows/${workflow.id}`)).text()
  const pageHtml = { htmlKB: Math.round(html.length / 1024), copiesOfANode: html.split(String(target.data.instructions)).length - 1 }

  const context = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 1280, height: 800 } })
  const fresh = await context.newPage()
  // When the graph is first drawn (the overview's canvas, or a node element), in the page's clock.
  await fresh.addInitScript(() => {
    const tick = () => {
      if (document.querySelector('[data-testid="canvas-overview"], .react-flow__node')) (window as { __drawnAt?: number }).__drawnAt = performance.now()
      else requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  const session = await context.newCDPSession(fresh)
  await settle()
  const stop = await startTracing(session)
  await fresh.goto(`/workflows/${workflow.id}`, { waitUntil: 'commit' })
  await expect(fresh.getByTestId('canvas-overview').or(fresh.locator(`.react-flow__node[data-id="${target.id}"]`))).toBeVisible({ timeout: 60_000 })
  await fresh.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)))
  const drawnMs = await fresh.evaluate(() => (window as { __drawnAt?: number }).__drawnAt ?? 0)
  const events = await stop()
  const main = pageMainThread(events, new URL(fresh.url()).origin)
  await context.close()

  const own = events.filter((event) => event.pid === main.pid && event.tid === main.tid)
  const origin = main.navigationStartTs
  const tasks = own
    .filter((event) => event.ph === 'X' && event.name === 'RunTask' && (event.dur ?? 0) > 30_000)
    .map((task) => {
      const inside = own.filter((event) => event.ph === 'X' && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + task.dur! && event !== task)
      const top = [...selfTimes(inside)]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, micros]) => `${name} ${ms(micros)}`)
      const scripts = inside
        .filter((event) => event.name === 'EvaluateScript' || event.name === 'v8.compile')
        .map(
          (event) =>
            `${event.name} ${String((event.args as { data?: { url?: string } })?.data?.url ?? '')
              .split('/')
              .pop()} ${ms(event.dur!)}`,
        )
      return { startMs: ms(task.ts - origin), durationMs: ms(task.dur!), top, scripts }
    })
  // The main thread's work until the graph is drawn: wall time in its tasks and their CPU time (thread time), which
  // the machine's load stretches less than wall time.
  const beforeDrawn = own.filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.ts < origin + drawnMs * 1000)
  const untilDrawn = {
    drawnMs: Math.round(drawnMs),
    taskMs: ms(beforeDrawn.reduce((sum, task) => sum + (task.dur ?? 0), 0)),
    cpuMs: ms(beforeDrawn.reduce((sum, task) => sum + ((task as { tdur?: number }).tdur ?? 0), 0)),
  }
  const totals = [...selfTimes(own)]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([name, micros]) => ({ name, ms: ms(micros) }))
  const sampled = sampledScriptTime(events as ProfileTraceEvent[], main.pid)

  const report = {
    benchmark: 'canvas-load-profile',
    date: new Date().toISOString(),
    size: SIZE,
    loadavg: loadavg(),
    document: pageHtml,
    untilDrawn,
    tasks,
    totals,
    sampled,
  }
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`)
  console.log(
    `\nOpening the editor at ${SIZE} nodes, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  )
  console.log(`the page's HTML: ${pageHtml.htmlKB} kB, ${pageHtml.copiesOfANode} copies of one node's instructions`)
  console.log(`drawn at ${untilDrawn.drawnMs} ms; until then the main thread ran tasks for ${untilDrawn.taskMs} ms, ${untilDrawn.cpuMs} ms of CPU`)
  console.log('main-thread tasks over 30 ms (ms from navigation):')
  for (const task of tasks)
    console.log(`  ${task.startMs} +${task.durationMs}: ${task.top.join(', ')}${task.scripts.length ? `\n      ${task.scripts.join('\n      ')}` : ''}`)
  console.table(totals)
  console.table(sampled.byScript)
  console.table(sampled.byFunction)
})
