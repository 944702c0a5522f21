/**
 * What OpenTelemetry costs lib/core: a 1,000-node chain workflow (one `executor.process` span per
 * node, one `workflow.superstep` span per round) and a 100-turn agent run (`invoke_agent`, one
 * `chat` and one `execute_tool` span per turn), each with telemetry off (no SDK registered: the
 * default), off with an SDK registered, and on with the real SDK recording into an
 * InMemorySpanExporter through a SimpleSpanProcessor. Standalone (not part of any test run):
 *
 *   npx tsx bench/telemetry-overhead.ts [--rounds 15] [--json]
 *
 * CPU time (user + system) per run, cases interleaved, 25th percentile of the rounds. "Off" against
 * the code before instrumentation is measured with bench/workflow-overhead.ts and
 * bench/agent-overhead.ts on both trees (see BENCHMARKS.md).
 */
import { context, propagation, trace } from '@opentelemetry/api'
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { configureTelemetry } from '../lib/core/telemetry/telemetry-settings'
import { agentloomHarness } from './lib/agents/agentloom'
import { chainWorkflow } from './lib/workflows/agentloom'

const argValue = (flag: string, fallback: number) => {
  const index = process.argv.indexOf(flag)
  return index >= 0 ? Number(process.argv[index + 1]) : fallback
}
const ROUNDS = argValue('--rounds', 15)
const JSON_OUTPUT = process.argv.includes('--json')
const CHAIN = 1_000
const TURNS = 100

type Mode = 'off' | 'off-sdk-registered' | 'on-in-memory'
const MODES: Mode[] = ['off', 'off-sdk-registered', 'on-in-memory']

const exporter = new InMemorySpanExporter()
let provider: NodeTracerProvider | undefined

function setMode(mode: Mode): void {
  if (mode === 'off') {
    configureTelemetry({ enabled: false })
    if (provider) {
      trace.disable()
      context.disable()
      propagation.disable()
      provider = undefined
    }
    return
  }
  if (!provider) {
    provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
    provider.register()
  }
  configureTelemetry({ enabled: mode === 'on-in-memory' })
}

function cpuMicros(): number {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}

function p25(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 4)]
}

const workflow = chainWorkflow(CHAIN)
const agent = agentloomHarness()
const cases = {
  [`chain-${CHAIN} workflow.run()`]: { perUnit: CHAIN, unit: 'node', run: () => workflow.run(0) },
  [`agent ${TURNS} turns run()`]: { perUnit: TURNS, unit: 'turn', run: () => agent.run(TURNS) },
}

const samples = new Map<string, number[]>()
for (let round = -2; round < ROUNDS; round++) {
  for (const [name, spec] of Object.entries(cases)) {
    for (const mode of MODES) {
      setMode(mode)
      const start = cpuMicros()
      await spec.run()
      const used = cpuMicros() - start
      exporter.reset()
      if (round < 0) continue
      const key = `${name}|${mode}`
      samples.set(key, [...(samples.get(key) ?? []), used])
    }
  }
}
setMode('off')

const rows = Object.entries(cases).flatMap(([name, spec]) => {
  const off = p25(samples.get(`${name}|off`)!)
  return MODES.map((mode) => {
    const micros = p25(samples.get(`${name}|${mode}`)!)
    return {
      case: name,
      mode,
      [`µs/${spec.unit}`]: Math.round((micros / spec.perUnit) * 100) / 100,
      'vs off': `${(micros / off).toFixed(2)}×`,
    }
  })
})
if (JSON_OUTPUT) console.log(JSON.stringify({ benchmark: 'telemetry-overhead', rounds: ROUNDS, rows }, null, 2))
else console.table(rows)
