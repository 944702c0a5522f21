/**
 * Script time per script and per function, from the V8 sampling profiler's events in a Chrome trace
 * (`disabled-by-default-v8.cpu_profiler`: `ProfileChunk` events carrying call-tree nodes, samples and
 * time deltas). Each sample's time goes to the function on top of the stack (self time).
 */

interface CallFrame {
  functionName: string
  url?: string
  lineNumber?: number
  columnNumber?: number
}

export interface ProfileTraceEvent {
  name: string
  pid: number
  args?: { data?: { cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame }>; samples?: number[] }; timeDeltas?: number[] } }
}

export interface SampledScriptTime {
  totalMs: number
  byScript: Array<{ script: string; ms: number }>
  byFunction: Array<{ fn: string; ms: number }>
}

const scriptName = (url: string | undefined) => (url ? (url.split('/').pop() ?? url) : '(native)')

export function sampledScriptTime(events: ProfileTraceEvent[], pid: number): SampledScriptTime {
  const frames = new Map<number, CallFrame>()
  const perScript = new Map<string, number>()
  const perFunction = new Map<string, number>()
  let total = 0
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid) continue
    const data = event.args?.data
    for (const node of data?.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame)
    const samples = data?.cpuProfile?.samples ?? []
    const deltas = data?.timeDeltas ?? []
    // A sample's delta is the time since the previous one: it is charged to the previous sample's frame.
    for (let i = 1; i < samples.length; i++) {
      const frame = frames.get(samples[i - 1])
      const micros = deltas[i] ?? 0
      if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue
      total += micros
      const script = scriptName(frame.url)
      perScript.set(script, (perScript.get(script) ?? 0) + micros)
      const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber ?? 0}:${frame.columnNumber ?? 0}`
      perFunction.set(fn, (perFunction.get(fn) ?? 0) + micros)
    }
  }
  const top = (map: Map<string, number>, key: 'script' | 'fn', count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => ({ [key]: name, ms: Math.round(micros / 100) / 10 }))
  return {
    totalMs: Math.round(total / 100) / 10,
    byScript: top(perScript, 'script', 15) as SampledScriptTime['byScript'],
    byFunction: top(perFunction, 'fn', 30) as SampledScriptTime['byFunction'],
  }
}
