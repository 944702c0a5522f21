/**
 * What the bench asks the app's processes through the inspector they run with
 * (`node --inspect=127.0.0.1:0`, loopback, a random port):
 * - the JS heap in use after a full collection, which, unlike RSS, does not count garbage not yet
 *   collected nor heap the process grew once and keeps;
 * - CPU profiles over the measured window only (not start-up or the parked phase), through V8's
 *   sampling profiler: the `.cpuprofile` that `node --cpu-prof` writes (Chrome DevTools or
 *   speedscope open it), summarised here as the functions with the most self time. The web
 *   process runs Next's minified production bundle: its frames are mapped back to the sources
 *   through the bundle's source maps.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { ROOT } from './app-processes'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}

interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}

export interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
class InspectorSession {
  private nextId = 1
  private readonly waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>()

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { id?: number; result?: unknown; error?: { message: string } }
      const pending = message.id === undefined ? undefined : this.waiting.get(message.id)
      if (!pending) return
      this.waiting.delete(message.id!)
      if (message.error) pending.reject(new Error(message.error.message))
      else pending.resolve(message.result)
    })
  }

  static connect(url: string): Promise<InspectorSession> {
    return new Promise((resolvePromise, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30 })
      socket.once('open', () => resolvePromise(new InspectorSession(socket)))
      socket.once('error', reject)
    })
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++
    return new Promise<T>((resolvePromise, reject) => {
      this.waiting.set(id, { resolve: resolvePromise as (result: unknown) => void, reject })
      this.socket.send(JSON.stringify({ id, method, params }))
    })
  }

  close(): void {
    this.socket.close()
  }
}

/** MB of JS heap in use after a full garbage collection. */
export async function heapAfterGc(inspectorUrl: string): Promise<number> {
  const session = await InspectorSession.connect(inspectorUrl)
  try {
    await session.send('HeapProfiler.enable')
    await session.send('HeapProfiler.collectGarbage')
    await session.send('HeapProfiler.collectGarbage')
    const { usedSize } = await session.send<{ usedSize: number }>('Runtime.getHeapUsage')
    return usedSize / 1024 / 1024
  } finally {
    session.close()
  }
}

/** Starts sampling (every `intervalMicros`); the returned function stops and hands back the profile. */
export async function startCpuProfile(inspectorUrl: string, intervalMicros = 1000): Promise<() => Promise<CpuProfile>> {
  const session = await InspectorSession.connect(inspectorUrl)
  await session.send('Profiler.enable')
  await session.send('Profiler.setSamplingInterval', { interval: intervalMicros })
  await session.send('Profiler.start')
  return async () => {
    const { profile } = await session.send<{ profile: CpuProfile }>('Profiler.stop')
    session.close()
    return profile
  }
}

export interface HotFunction {
  selfMs: number
  percent: number
  function: string
  location: string
}

export interface ProfileSummary {
  totalMs: number
  /** Sampled time not spent idle; the percentages are of this. */
  busyMs: number
  functions: HotFunction[]
  /** The project's own functions by inclusive time (`selfMs` holds the inclusive time here). */
  ownInclusive: HotFunction[]
  /** Self time by source file, package or V8 category. */
  areas: { area: string; selfMs: number; percent: number }[]
}

const sourceMaps = new Map<string, { map: SourceMap; sources: string[]; contents: (string | null)[]; base: string } | null>()

function sourceMapOf(file: string) {
  if (!sourceMaps.has(file)) {
    try {
      const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] }
      sourceMaps.set(file, {
        map: new SourceMap(payload as ConstructorParameters<typeof SourceMap>[0]),
        sources: payload.sources,
        contents: payload.sourcesContent ?? [],
        base: dirname(file),
      })
    } catch {
      sourceMaps.set(file, null)
    }
  }
  return sourceMaps.get(file)
}

/** Where a frame is in the sources: bundled frames through their source map, with the source line as a hint of the name. */
function locate(frame: CallFrame): { file: string; line: number; hint?: string } {
  if (!frame.url.startsWith('file://')) return { file: frame.url || '(native)', line: frame.lineNumber + 1 }
  const file = fileURLToPath(frame.url)
  const mapped = file.includes('/.next/') ? sourceMapOf(file) : undefined
  if (mapped) {
    const entry = mapped.map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number }
    if (entry.originalSource !== undefined && entry.originalLine !== undefined) {
      const index = mapped.sources.indexOf(entry.originalSource)
      const source = resolve(mapped.base, entry.originalSource.replace(/^turbopack:\/\/\/\[project\]\//, `${ROOT}/`))
      const hint = mapped.contents[index]?.split('\n')[entry.originalLine]?.trim().slice(0, 70)
      return { file: relative(ROOT, source), line: entry.originalLine + 1, hint }
    }
  }
  return { file: relative(ROOT, file), line: frame.lineNumber + 1 }
}

function areaOf(frame: CallFrame, file: string): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)'
  if (file.startsWith('node:')) return 'node internals'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (pkg) return pkg[1]
  return file
}

interface FrameInfo {
  key: string
  name: string
  location: string
  area: string
  /** In the project's own sources (lib/, app/, scripts/), not a dependency or Node. */
  own: boolean
}

function frameInfo(frame: CallFrame): FrameInfo {
  const where = locate(frame)
  const name = frame.functionName || (where.hint ? `(anonymous) ${where.hint}` : '(anonymous)')
  // tsx's transformed modules report line 1 for everything: the file alone says as much.
  const place = !frame.url ? '' : where.line === 1 && !frame.url.includes('/.next/') ? where.file : `${where.file}:${where.line}`
  const location = where.hint && frame.functionName ? `${place} ${where.hint}` : place
  return { key: `${name}@${place}`, name, location, area: areaOf(frame, where.file), own: /^(lib|app|scripts|instrumentation)/.test(where.file) }
}

/**
 * Self time per function (name and source place) and per area, largest first; and, for the
 * project's own functions, inclusive time (the function or anything it called on the stack),
 * which names the app's hot path when the self time sits in Prisma, pg or Node.
 */
export function summariseProfile(profile: CpuProfile, top = 20): ProfileSummary {
  const info = new Map(profile.nodes.map((node) => [node.id, frameInfo(node.callFrame)]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  const areas = new Map<string, number>()
  let totalMs = 0
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const leaf = info.get(id)!
    totalMs += ms
    self.set(leaf.key, (self.get(leaf.key) ?? 0) + ms)
    areas.set(leaf.area, (areas.get(leaf.area) ?? 0) + ms)
    const seen = new Set<string>()
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const frame = info.get(node)!
      if (!frame.own || seen.has(frame.key)) continue
      seen.add(frame.key)
      inclusive.set(frame.key, (inclusive.get(frame.key) ?? 0) + ms)
    }
  })
  const byKey = new Map([...info.values()].map((frame) => [frame.key, frame]))
  // Shares of the time the process was not idle: what the window's work cost, wherever it went.
  const busyMs = totalMs - (areas.get('(idle)') ?? 0)
  areas.delete('(idle)')
  self.delete('(idle)@')
  const percent = (ms: number) => (busyMs > 0 ? (ms / busyMs) * 100 : 0)
  const ranked = (times: Map<string, number>) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, ms]) => ({ selfMs: ms, percent: percent(ms), function: byKey.get(key)!.name, location: byKey.get(key)!.location }))
  return {
    totalMs,
    busyMs,
    functions: ranked(self),
    ownInclusive: ranked(inclusive),
    areas: [...areas]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, ms]) => ({ area, selfMs: ms, percent: percent(ms) })),
  }
}

export function saveProfile(profile: CpuProfile, file: string): void {
  writeFileSync(file, JSON.stringify(profile))
}
