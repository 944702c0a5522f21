/** How the canvas benchmarks drive the editor: one input per frame, frames counted in the page. */
import type { Page } from '@playwright/test'
import { round } from './figures'

declare global {
  interface Window {
    __frames?: { times: number[]; running: boolean }
  }
}

export const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))

/** Frames per second while `drive` runs, and the longest frame. */
export async function framesDuring(page: Page, drive: () => Promise<void>): Promise<{ fps: number; worstFrameMs: number }> {
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

/**
 * A point of the empty canvas near its centre (not on a node, edge or panel), to drag from. In the overview the
 * nodes are paint, not elements, and a press on one drags it: there the point must also be clear of paint.
 */
export async function emptyCanvasPoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect()
    const overview = document.querySelector<HTMLCanvasElement>('[data-testid="canvas-overview"]')
    const painted = overview?.getContext('2d')
    const clearOfPaint = (x: number, y: number) => {
      if (!overview || !painted) return true
      const box = overview.getBoundingClientRect()
      const ratio = overview.width / box.width
      const margin = 6
      const pixels = painted.getImageData((x - box.left - margin) * ratio, (y - box.top - margin) * ratio, 2 * margin * ratio, 2 * margin * ratio).data
      for (let alpha = 3; alpha < pixels.length; alpha += 4) if (pixels[alpha] !== 0) return false
      return true
    }
    for (let dy = 0; dy < pane.height / 2; dy += 7) {
      for (let dx = 0; dx < pane.width / 2; dx += 7) {
        const [x, y] = [pane.left + pane.width / 2 + dx, pane.top + pane.height / 2 + dy]
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane') && clearOfPaint(x, y)) return { x, y }
      }
    }
    return undefined
  })
  if (!point) throw new Error('no empty point on the canvas')
  return point
}

/** The drag of the empty canvas both benchmarks measure: 60 moves along an arc of 300 px, one per frame. */
export async function panCanvas(page: Page, start: { x: number; y: number }, steps: number) {
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let i = 1; i <= steps; i++) {
    const offset = 300 * Math.sin((Math.PI * i) / steps)
    await page.mouse.move(start.x + offset, start.y + offset / 3)
    await nextFrame(page)
  }
  await page.mouse.up()
}

/** The wheel sequence both benchmarks measure: `steps` notches in, then as many out, one per frame, at the canvas' centre. */
export async function zoomCanvas(page: Page, steps: number) {
  const box = (await page.locator('.react-flow__pane').boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  for (let i = 0; i < 2 * steps; i++) {
    await page.mouse.wheel(0, i < steps ? -100 : 100)
    await nextFrame(page)
  }
}
