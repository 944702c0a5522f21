/**
 * A 1,000-node workflow open in two editors at once (issue #30, "the 1,000-node canvas goals still met with two editors
 * connected"), in headless Chromium against the production build: two browser contexts of one person, each with the
 * workflow open live (Hocuspocus over the app's own WebSocket, every change stored in Postgres before it is relayed).
 *
 * - remote-change latency: editor A types into a node's title, one key at a time; editor B shows that node at detail
 *   zoom. From A's keydown (its page's clock) to B's DOM showing the new title (a MutationObserver in B's page) and
 *   to B's next frame after it (drawn); both pages read one clock (performance.timeOrigin + now(), one machine).
 *   Split at the live socket (its send and message events, recorded by a wrapper of the page's WebSocket): A's side
 *   (keydown → A's first send after it), the wire and the server (→ B's last message before the change showed: the
 *   append committed in Postgres and the relay), and B's side (→ B's DOM: Yjs, the store, React);
 * - frames while the other edits: B's frame rate and longest frame while A types a key per frame, and while A drags
 *   the node, with B in the overview (the whole graph painted) and at detail zoom; A's own frame rate beside it.
 *
 * Reported, not asserted: `npx playwright test -c bench/canvas/playwright.config.ts --project canvas-live` prints a
 * table and writes JSON to `.reports/canvas-live.json` (or $CANVAS_LIVE_OUT). CANVAS_LIVE_SIZE (default 1,000),
 * CANVAS_LIVE_KEYS (default 60) change the size and the samples.
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { adminStatePath } from '../../e2e/fixtures/accounts'
import { gridGraph } from '../../e2e/fixtures/graphs'
import { framesDuring, nextFrame } from './canvas-driver'
import { round } from './figures'

const SIZE = Number(process.env.CANVAS_LIVE_SIZE ?? 1000)
const KEYS = Number(process.env.CANVAS_LIVE_KEYS ?? 60)
const OUT = process.env.CANVAS_LIVE_OUT ?? join(fileURLToPath(new URL('../..', import.meta.url)), '.reports', 'canvas-live.json')

declare global {
  interface Window {
    /** The live socket's sends and received messages (collabSocketTimes). */
    __ws?: { sends: number[]; receives: number[] }
    /** In A: when each key went down. In B: when the watched title changed, and the frame after. */
    __live?: { keys: number[]; seen: Array<{ text: string; at: number; drawnAt: number }> }
  }
}

/** Wraps the page's WebSocket so that the live socket's sends and messages are timed (on the shared clock). */
function collabSocketTimes() {
  const times = { sends: [] as number[], receives: [] as number[] }
  window.__ws = times
  const Native = window.WebSocket
  const now = () => performance.timeOrigin + performance.now()
  class TimedWebSocket extends Native {
    private readonly collab: boolean
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols)
      this.collab = String(url).includes('/api/collab/')
      // Added before the provider's own handler: the time is the message's arrival, before it is applied.
      if (this.collab) this.addEventListener('message', () => times.receives.push(now()))
    }
    override send(data: Parameters<WebSocket['send']>[0]) {
      if (this.collab) times.sends.push(now())
      super.send(data)
    }
  }
  window.WebSocket = TimedWebSocket
}

const nodeElement = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]:not([style*="visibility: hidden"])`)

/** Where the overview paints a node (the editor opens a large graph in the overview). */
async function overviewPoint(page: Page, node: { position: { x: number; y: number } }): Promise<{ x: number; y: number }> {
  return page.evaluate((position) => {
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect()
    const { a: zoom, e: x, f: y } = new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform)
    return { x: pane.left + x + (position.x + 120) * zoom, y: pane.top + y + (position.y + 40) * zoom }
  }, node.position)
}

async function openLive(page: Page, workflowId: string) {
  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('canvas-overview')).toHaveAttribute('data-nodes-drawn', String(SIZE), { timeout: 180_000 })
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 })
}

/** A double-click on the node in the overview zooms to it; its element appears. */
async function zoomTo(page: Page, node: { id: string; position: { x: number; y: number } }) {
  const point = await overviewPoint(page, node)
  await page.mouse.dblclick(point.x, point.y)
  await expect(nodeElement(page, node.id)).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('canvas-overview')).toHaveCount(0)
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  return { samples: sorted.length, p50Ms: round(percentile(sorted, 50), 1), p99Ms: round(percentile(sorted, 99), 1), maxMs: round(sorted.at(-1)!, 1) }
}

test('a large workflow edited in two editors at once', async ({ page: editorA, browser, baseURL }) => {
  test.setTimeout(30 * 60_000)
  const load = loadavg().map((value) => Math.round(value * 100) / 100)
  const graph = gridGraph(SIZE)
  const response = await editorA.request.post('/api/workflows', { data: { name: `Canvas live ${SIZE}`, graph } })
  expect(response.status()).toBe(201)
  const workflowId = ((await response.json()) as { workflow: { id: string } }).workflow.id
  const [maxX, maxY] = [Math.max(...graph.nodes.map((n) => n.position.x)), Math.max(...graph.nodes.map((n) => n.position.y))]
  const distance = (node: (typeof graph.nodes)[number]) => Math.hypot(node.position.x - maxX / 2, node.position.y - maxY / 2)
  const target = graph.nodes.filter((node) => node.kind === 'transform').sort((a, b) => distance(a) - distance(b))[0]!

  const contextB = await browser.newContext({ baseURL, storageState: adminStatePath(0) })
  const editorB = await contextB.newPage()
  await editorA.addInitScript(collabSocketTimes)
  await editorB.addInitScript(collabSocketTimes)
  await openLive(editorA, workflowId)
  await openLive(editorB, workflowId)

  // A at detail zoom with the node selected and its title focused; B still in the overview.
  await zoomTo(editorA, target)
  await nodeElement(editorA, target.id).click()
  const title = editorA.getByTestId('inspector-label')
  await title.click()
  await title.press('End')
  await editorA.evaluate(() => {
    window.__live = { keys: [], seen: [] }
    document.addEventListener('keydown', () => window.__live!.keys.push(performance.timeOrigin + performance.now()), { capture: true })
  })

  const rows: Array<Record<string, unknown>> = []
  let typed = 0
  /** A types `count` keys, one per A frame. */
  const typeKeys = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await editorA.keyboard.type(String(typed++ % 10))
      await nextFrame(editorA)
    }
  }
  /** A drags the node by 20 moves, one per A frame, and back. */
  const dragNode = async () => {
    const box = (await nodeElement(editorA, target.id).boundingBox())!
    const [x, y] = [box.x + box.width / 2, box.y + 12]
    await editorA.mouse.move(x, y)
    await editorA.mouse.down()
    for (let i = 1; i <= 20; i++) {
      await editorA.mouse.move(x + 3 * i, y + 2 * i)
      await nextFrame(editorA)
    }
    await editorA.mouse.up()
  }
  /** B's frames (and A's) while A does `act`. */
  const framesOfBoth = async (viewOfB: string, action: string, act: () => Promise<void>) => {
    let framesA = { fps: 0, worstFrameMs: 0 }
    const framesB = await framesDuring(editorB, async () => {
      framesA = await framesDuring(editorA, act)
    })
    const row = { viewOfB, action, fpsB: framesB.fps, worstFrameMsB: framesB.worstFrameMs, fpsA: framesA.fps, worstFrameMsA: framesA.worstFrameMs }
    rows.push(row)
    console.log(JSON.stringify(row))
  }

  await framesOfBoth('overview', 'A types a key per frame (30 keys)', () => typeKeys(30))
  await title.click()
  await framesOfBoth('overview', 'A drags the node (20 moves)', dragNode)

  // B at detail zoom on the same node, watching its title.
  await zoomTo(editorB, target)
  await editorB.evaluate((id) => {
    const live = { keys: [] as number[], seen: [] as Array<{ text: string; at: number; drawnAt: number }> }
    window.__live = live
    const element = document.querySelector(`.react-flow__node[data-id="${id}"]`)!
    let last = element.textContent ?? ''
    new MutationObserver(() => {
      const text = element.textContent ?? ''
      if (text === last) return
      last = text
      const entry = { text, at: performance.timeOrigin + performance.now(), drawnAt: 0 }
      live.seen.push(entry)
      requestAnimationFrame(() => (entry.drawnAt = performance.timeOrigin + performance.now()))
    }).observe(element, { subtree: true, childList: true, characterData: true })
  }, target.id)

  // One key at a time: A types, B shows it, then the next key. B's main thread is timed over all of them (Chrome's
  // Performance.getMetrics): script, layout and style per remote change.
  await title.click()
  await title.press('End')
  const cdpB = await contextB.newCDPSession(editorB)
  await cdpB.send('Performance.enable')
  const metricsOfB = async () => {
    const { metrics } = (await cdpB.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
    const value = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000
    return { task: value('TaskDuration'), script: value('ScriptDuration'), layout: value('LayoutDuration'), style: value('RecalcStyleDuration') }
  }
  const beforeB = await metricsOfB()
  const shown: number[] = []
  const drawn: number[] = []
  const sideA: number[] = []
  const wire: number[] = []
  const sideB: number[] = []
  for (let i = 0; i < KEYS; i++) {
    const seenBefore = await editorB.evaluate(() => window.__live!.seen.length)
    await editorA.keyboard.type(String(typed++ % 10))
    await editorB.waitForFunction((count) => window.__live!.seen.length > count && window.__live!.seen.at(-1)!.drawnAt > 0, seenBefore, { timeout: 30_000 })
    const keyAt = await editorA.evaluate(() => window.__live!.keys.at(-1)!)
    const seen = await editorB.evaluate(() => window.__live!.seen.at(-1)!)
    shown.push(seen.at - keyAt)
    drawn.push(seen.drawnAt - keyAt)
    const sentAt = await editorA.evaluate((after) => window.__ws!.sends.find((time) => time >= after), keyAt)
    const receivedAt = await editorB.evaluate((before) => window.__ws!.receives.filter((time) => time <= before).at(-1), seen.at)
    if (sentAt !== undefined && receivedAt !== undefined && receivedAt >= sentAt) {
      sideA.push(sentAt - keyAt)
      wire.push(receivedAt - sentAt)
      sideB.push(seen.at - receivedAt)
    }
  }
  const afterB = await metricsOfB()
  const perChangeB = Object.fromEntries(
    (Object.keys(afterB) as Array<keyof typeof afterB>).map((name) => [`${name}Ms`, round((afterB[name] - beforeB[name]) / KEYS, 1)]),
  )
  const latency = {
    mainThreadOfBPerChange: perChangeB,
    shown: summary(shown),
    drawn: summary(drawn),
    split: { keydownToSendA: summary(sideA), sendToReceiveB: summary(wire), receiveToDomB: summary(sideB) },
  }
  console.log(JSON.stringify({ latency }))

  await framesOfBoth('detail', 'A types a key per frame (30 keys)', () => typeKeys(30))
  await framesOfBoth('detail', 'A drags the node (20 moves)', dragNode)

  // Both end with the same title.
  const titleA = await nodeElement(editorA, target.id).textContent()
  await expect(nodeElement(editorB, target.id)).toHaveText(titleA ?? '')

  const report = {
    benchmark: 'canvas-live',
    date: new Date().toISOString(),
    browser: browser.version(),
    cpus: cpus().length,
    loadavg: load,
    size: SIZE,
    latency,
    frames: rows,
  }
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nTwo editors on ${SIZE} nodes, headless Chromium ${browser.version()}, ${cpus().length} cores, load average ${load.join(' ')} at the start`)
  console.log(
    `A's keystroke → B's DOM: p50 ${latency.shown.p50Ms} ms, p99 ${latency.shown.p99Ms} ms; → B's next frame: p50 ${latency.drawn.p50Ms} ms, p99 ${latency.drawn.p99Ms} ms`,
  )
  console.table(Object.entries(latency.split).map(([part, figures]) => ({ part, ...figures })))
  console.table(rows)
  await contextB.close()
})
