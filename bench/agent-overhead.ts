/**
 * Agent framework overhead per tool-call turn, against peers. Every framework runs the same scripted,
 * in-process model (one tool call per turn for N turns, then a final text; no network, no sleeps)
 * and a trivial zod-typed tool, for N = 10 and N = 100; the figure is time per turn (run time / N).
 * Peers come from bench/package.json (`npm ci --prefix bench`); a peer that is not installed is
 * skipped with a note. Standalone:
 *
 *   npx tsx bench/agent-overhead.ts [--clock cpu|wall] [--budget 6000] [--samples 5] [--only agentloom,langgraph] [--quick] [--json]
 *
 * Goals (issue 3): Agentloom ≤ 1/10 of @openai/agents and of the LangGraph ReAct agent per turn, and
 * Agentloom's per-turn time at 100 turns ≤ 1.5× its per-turn time at 10.
 */
import { parseBenchArgs, ratioText, readable } from './lib/cli'
import type { AgentHarness } from './lib/agents/turn-script'
import { measureGroup, type BenchCase, type Measurement } from './lib/measure'
import { checkRatio, goalRows, machineInfo, printMachine, type GoalCheck } from './lib/report'

const TURN_COUNTS = [10, 100] as const

const harnessLoaders: Array<{ key: string; load: () => Promise<AgentHarness> }> = [
  { key: 'agentloom', load: async () => (await import('./lib/agents/agentloom')).agentloomHarness() },
  { key: 'agentloom-stream', load: async () => (await import('./lib/agents/agentloom')).agentloomStreamHarness() },
  { key: 'hand-written', load: async () => (await import('./lib/agents/hand-written')).handWrittenHarness() },
  { key: 'openai-agents', load: async () => (await import('./lib/agents/openai-agents')).openAIAgentsHarness() },
  { key: 'langgraph', load: async () => (await import('./lib/agents/langgraph-react')).langGraphReactHarness() },
  { key: 'mastra', load: async () => (await import('./lib/agents/mastra-agent')).mastraAgentHarness() },
]

async function loadHarnesses(only: Set<string> | undefined, notes: string[]): Promise<AgentHarness[]> {
  const harnesses: AgentHarness[] = []
  for (const { key, load } of harnessLoaders) {
    if (only && !only.has(key)) continue
    try {
      const harness = await load()
      await harness.run(2) // fail early (and visibly) if the framework does not follow the script
      harnesses.push(harness)
    } catch (error) {
      notes.push(`${key} skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} (peers install with: npm ci --prefix bench)`)
    }
  }
  return harnesses
}

function agentGoals(byKey: (key: string, turns: number) => Measurement | undefined): GoalCheck[] {
  const goals: GoalCheck[] = []
  for (const [peer, label] of [
    ['openai-agents', '@openai/agents'],
    ['langgraph', 'LangGraph ReAct'],
  ] as const) {
    for (const turns of TURN_COUNTS) {
      goals.push(checkRatio(`agent: Agentloom ≤ 1/10 of ${label}, ${turns} turns`, byKey('agentloom', turns), byKey(peer, turns), 0.1))
    }
  }
  goals.push(checkRatio('agent: Agentloom per turn at 100 turns ≤ 1.5× at 10', byKey('agentloom', 100), byKey('agentloom', 10), 1.5))
  return goals
}

function tableRows(harnesses: AgentHarness[], byKey: (key: string, turns: number) => Measurement | undefined) {
  return harnesses.map((harness) => {
    const [at10, at100] = TURN_COUNTS.map((turns) => byKey(harness.key, turns))
    const ours = TURN_COUNTS.map((turns) => byKey('agentloom', turns))
    return {
      framework: harness.label,
      'µs/turn @10': at10 ? readable(at10.medianMicros) : 'n/a',
      'µs/turn @100': at100 ? readable(at100.medianMicros) : 'n/a',
      '@100 / @10': at10 && at100 ? ratioText(at100.medianMicros / at10.medianMicros) : 'n/a',
      '÷ Agentloom @10': at10 && ours[0] ? ratioText(at10.medianMicros / ours[0].medianMicros) : 'n/a',
      '÷ Agentloom @100': at100 && ours[1] ? ratioText(at100.medianMicros / ours[1].medianMicros) : 'n/a',
      'IQR/median @10, @100': [at10, at100].map((m) => (m ? `${readable(m.spreadPercent)}%` : 'n/a')).join(', '),
      samples: [at10, at100].map((m) => (m ? `${m.samples}×${m.runsPerSample}` : '-')).join(', '),
    }
  })
}

async function main(): Promise<void> {
  const args = parseBenchArgs()
  const notes: string[] = []
  const harnesses = await loadHarnesses(args.only, notes)
  const measurements = new Map<string, Measurement>()
  for (const turns of TURN_COUNTS) {
    const cases: BenchCase[] = harnesses.map((harness) => ({ name: `${harness.key}@${turns}`, units: turns, run: () => harness.run(turns) }))
    for (const measurement of await measureGroup(cases, args.measure)) measurements.set(measurement.name, measurement)
  }
  const byKey = (key: string, turns: number) => measurements.get(`${key}@${turns}`)
  const goals = agentGoals(byKey)
  const machine = machineInfo(args.measure.clock)
  if (args.json) {
    console.log(JSON.stringify({ benchmark: 'agent-overhead', machine, measurements: [...measurements.values()], goals, notes }, null, 2))
    return
  }
  printMachine(machine)
  console.log('Agent overhead per tool-call turn (median; time per run / turns):')
  console.table(tableRows(harnesses, byKey))
  console.table(goalRows(goals))
  for (const note of notes) console.log(`note: ${note}`)
}

await main()
