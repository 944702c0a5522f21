/**
 * Where the editor's load goes, for one opening in a fresh browser context: the document's timing,
 * the scripts and styles it loads, the API requests the page makes (their start and end show a waterfall;
 * a client-side fetch starts only once React has hydrated the page), the main thread's long tasks, and when the first node appears.
 * All times are milliseconds from navigation start, as the canvas marks are.
 */
import type { Page } from '@playwright/test'

export interface LoadBreakdown {
  size: number
  ttfbMs: number
  documentMs: number
  domContentLoadedMs: number
  loadMs: number
  scripts: { count: number; kB: number; lastEndMs: number }
  styles: { count: number; kB: number }
  /** Each /api request: path, start and end. */
  api: { path: string; startMs: number; endMs: number }[]
  /** The canvas (React Flow's pane) in the page, then its first node. */
  canvasMs?: number
  firstNodeMs?: number
  longTasks: { count: number; totalMs: number; longestMs: number }
}

declare global {
  interface Window {
    __loadWatch?: { canvasAt?: number; firstNodeAt?: number; longTasks: { start: number; duration: number }[] }
  }
}

/** Call before navigating: watches each frame for the editor's first paint and first node, and records long tasks. */
export function installLoadWatch(page: Page) {
  return page.addInitScript(() => {
    const watch: NonNullable<Window['__loadWatch']> = { longTasks: [] }
    window.__loadWatch = watch
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) watch.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
    const tick = () => {
      const now = performance.now()
      if (watch.canvasAt === undefined && document.querySelector('.react-flow')) watch.canvasAt = now
      if (watch.firstNodeAt === undefined && document.querySelector('.react-flow__node')) watch.firstNodeAt = now
      if (watch.firstNodeAt === undefined) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

/** Read once the page is interactive (after the canvas marks). */
export function loadBreakdown(page: Page, size: number): Promise<LoadBreakdown> {
  return page.evaluate((size) => {
    const round = (value: number) => Math.round(value)
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const scripts = resources.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
    const styles = resources.filter((entry) => entry.name.endsWith('.css'))
    const kB = (entries: PerformanceResourceTiming[]) => Math.round(entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0) / 1024)
    const watch = window.__loadWatch!
    const long = watch.longTasks.filter((task) => task.start < (window.__canvasBench?.selectedAt ?? Infinity))
    return {
      size,
      ttfbMs: round(navigation.responseStart),
      documentMs: round(navigation.responseEnd),
      domContentLoadedMs: round(navigation.domContentLoadedEventEnd),
      loadMs: round(navigation.loadEventEnd),
      scripts: { count: scripts.length, kB: kB(scripts), lastEndMs: round(Math.max(0, ...scripts.map((entry) => entry.responseEnd))) },
      styles: { count: styles.length, kB: kB(styles) },
      api: resources
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
        .map((entry) => ({ path: new URL(entry.name).pathname, startMs: round(entry.startTime), endMs: round(entry.responseEnd) })),
      canvasMs: watch.canvasAt === undefined ? undefined : round(watch.canvasAt),
      firstNodeMs: watch.firstNodeAt === undefined ? undefined : round(watch.firstNodeAt),
      longTasks: {
        count: long.length,
        totalMs: round(long.reduce((sum, task) => sum + task.duration, 0)),
        longestMs: round(Math.max(0, ...long.map((task) => task.duration))),
      },
    }
  }, size)
}
