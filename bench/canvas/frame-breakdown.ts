/**
 * Where a canvas frame's time goes, from a Chrome trace: the renderer main thread's self time per
 * trace event, grouped as DevTools groups them (scripting, style, layout, paint, compositing), plus
 * the raster threads' time. Used by canvas-profile.spec.ts to decide what to optimise.
 */

export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

export type FrameCostGroup = 'scripting' | 'gc' | 'style' | 'layout' | 'paint' | 'compositing' | 'other'

const GROUPS: Record<string, FrameCostGroup> = {
  FunctionCall: 'scripting',
  EventDispatch: 'scripting',
  FireAnimationFrame: 'scripting',
  TimerFire: 'scripting',
  RunMicrotasks: 'scripting',
  EvaluateScript: 'scripting',
  'v8.compile': 'scripting',
  'v8.run': 'scripting',
  'V8.Execute': 'scripting',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  UpdateLayoutTree: 'style',
  ScheduleStyleRecalculation: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'compositing',
  UpdateLayer: 'compositing',
  UpdateLayerTree: 'compositing',
  Commit: 'compositing',
  CompositeLayers: 'compositing',
}

export interface FrameBreakdown {
  /** Main-thread self time (ms) per group. */
  mainThreadMs: Record<FrameCostGroup, number>
  /** The trace events with the most main-thread self time (ms). */
  topEvents: Array<{ name: string; ms: number }>
  rasterMs: number
}

/** The renderer main thread: the thread named CrRendererMain with the most complete events. */
function rendererMainThread(events: TraceEvent[]): { pid: number; tid: number } | undefined {
  const mains = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  let best: { pid: number; tid: number; count: number } | undefined
  for (const main of mains) {
    const count = events.filter((event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid).length
    if (!best || count > best.count) best = { pid: main.pid, tid: main.tid, count }
  }
  return best
}

/** Self time of each complete event on one thread: its duration less that of the events nested in it. */
export function selfTimes(events: TraceEvent[]): Map<string, number> {
  const sorted = events.filter((event) => event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const totals = new Map<string, number>()
  const stack: Array<{ name: string; end: number; self: number }> = []
  const close = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1].end <= until) {
      const done = stack.pop()!
      totals.set(done.name, (totals.get(done.name) ?? 0) + done.self)
    }
  }
  for (const event of sorted) {
    close(event.ts)
    if (stack.length > 0) stack[stack.length - 1].self -= event.dur!
    stack.push({ name: event.name, end: event.ts + event.dur!, self: event.dur! })
  }
  close(Infinity)
  return totals
}

export function frameBreakdown(events: TraceEvent[]): FrameBreakdown {
  const main = rendererMainThread(events)
  const mainThreadMs: Record<FrameCostGroup, number> = { scripting: 0, gc: 0, style: 0, layout: 0, paint: 0, compositing: 0, other: 0 }
  if (!main) return { mainThreadMs, topEvents: [], rasterMs: 0 }
  const own = selfTimes(events.filter((event) => event.pid === main.pid && event.tid === main.tid))
  for (const [name, micros] of own) mainThreadMs[GROUPS[name] ?? 'other'] += micros / 1000
  const topEvents = [...own]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, micros]) => ({ name, ms: Math.round(micros / 100) / 10 }))
  const rasterMs = events.filter((event) => event.ph === 'X' && event.name === 'RasterTask').reduce((sum, event) => sum + event.dur!, 0) / 1000
  for (const group of Object.keys(mainThreadMs) as FrameCostGroup[]) mainThreadMs[group] = Math.round(mainThreadMs[group] * 10) / 10
  return { mainThreadMs, topEvents, rasterMs: Math.round(rasterMs * 10) / 10 }
}
