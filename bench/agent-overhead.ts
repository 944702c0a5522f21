/**
 * Agent framework overhead per tool-call turn, against peers. Every framework runs the same scripted,
 * in-process model (one tool call per turn for N turns, then a final text; no network, no sleeps)
 * and a trivial zod-typed tool, for N = 10 and N = 100; the figure is time per turn (run time / N).
 * Each framework is measured in processes of its own, alternated over several rounds
 * (bench/lib/isolated.ts); within a process its 10- and 100-turn runs are interleaved. Peers come
 * from bench/package.json (`npm ci --prefix bench`); a peer that is not installed is skipped with a
 * note. Standalone:
 *
 *   npx tsx bench/agent-overhead.ts [--clock cpu|wall] [--rounds 3] [--budget 3000] [--samples 5] [--only agentloom,langgraph] [--quick] [--json]
 *
 * Goals (issue 3): Agentloom ≤ 1/10 of @openai/agents and of the LangGraph ReAct agent per turn, and
 * Agentloom's per-turn time at 100 turns ≤ 1.5× its per-turn time at 10.
 */
import { fileURLToPath } from 'node:url'
import { parseBenchArgs, ratioText, readable, type BenchArgs } from './lib/cli'
import type { AgentHarness } from './lib/agents/turn-script'
import { measureIsolated, printWorkerReport } from './lib/isolated'
import { measureGroup, type Measurement } from './lib/measure'
import { checkRatio, goalRows, machineInfo, printMachine, type GoalCheck } from './lib/report'

const TURN_COUNTS = [10, 100] as const

const frameworks: Array<{ key: string; label: string; load: () => Promise<AgentHarness> }> = [
  { key: 'agentloom', label: 'Agentloom Agent.run()', load: async () => (await import('./lib/agents/agentloom')).agentloomHarness() },
  {
    key: 'agentloom-stream',
    label: 'Agentloom Agent.runStream()',
    load: async () => (await import('./lib/agents/agentloom')).agentloomStreamHarness(),
  },
  { key: 'hand-written', label: 'hand-written loop', load: async () => (await import('./lib/agents/hand-written')).handWrittenHarness() },
  { key: 'openai-agents', label: '@openai/agents run()', load: async () => (await import('./lib/agents/openai-agents')).openAIAgentsHarness() },
  { key: 'langgraph', label: 'LangGraph createReactAgent', load: async () => (await import('./lib/agents/langgraph-react')).langGraphReactHarness() },
  { key: 'mastra', label: 'Mastra Agent.generate()', load: async () => (await import('./lib/agents/mastra-agent')).mastraAgentHarness() },
]

type Lookup = (key: string, turns: number) => Measurement | undefined

/** Worker mode: measure one framework's 10- and 100-turn runs, interleaved, in this process. */
async function worker(key: string, args: BenchArgs): Promise<void> {
  const framework = frameworks.find((candidate) => candidate.key === key)
  if (!framework) throw new Error(`Unknown framework ${JSON.stringify(key)}.`)
  let harness: AgentHarness
  try {
    harness = await framework.load()
    await harness.run(2) // fail early (and visibly) if the framework does not follow the script
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    printWorkerReport({ measurements: [], notes: [], skipped: `${reason} (peers install with: npm ci --prefix bench)` })
    return
  }
  const cases = TURN_COUNTS.map((turns) => ({ name: `${key}@${turns}`, units: turns, run: () => harness.run(turns) }))
  printWorkerReport({ measurements: await measureGroup(cases, args.measure), notes: [] })
}

function agentGoals(lookup: Lookup): GoalCheck[] {
  const goals: GoalCheck[] = []
  for (const [peer, label] of [
    ['openai-agents', '@openai/agents'],
    ['langgraph', 'LangGraph ReAct'],
  ] as const) {
    for (const turns of TURN_COUNTS) {
      goals.push(checkRatio(`agent: Agentloom ≤ 1/10 of ${label}, ${turns} turns`, lookup('agentloom', turns), lookup(peer, turns), 0.1))
    }
  }
  goals.push(checkRatio('agent: Agentloom per turn at 100 turns ≤ 1.5× at 10', lookup('agentloom', 100), lookup('agentloom', 10), 1.5))
  return goals
}

const processSpread = (m: Measurement | undefined) =>
  m?.processMedians ? `${readable(Math.min(...m.processMedians))}–${readable(Math.max(...m.processMedians))}` : '-'

function tableRows(lookup: Lookup) {
  return frameworks
    .filter(({ key }) => TURN_COUNTS.some((turns) => lookup(key, turns)))
    .map(({ key, label }) => {
      const [at10, at100] = TURN_COUNTS.map((turns) => lookup(key, turns))
      const ours = TURN_COUNTS.map((turns) => lookup('agentloom', turns))
      return {
        framework: label,
        'µs/turn @10': at10 ? readable(at10.medianMicros) : 'n/a',
        'µs/turn @100': at100 ? readable(at100.medianMicros) : 'n/a',
        '@100 / @10': at10 && at100 ? ratioText(at100.medianMicros / at10.medianMicros) : 'n/a',
        '÷ Agentloom @10': at10 && ours[0] ? ratioText(at10.medianMicros / ours[0].medianMicros) : 'n/a',
        '÷ Agentloom @100': at100 && ours[1] ? ratioText(at100.medianMicros / ours[1].medianMicros) : 'n/a',
        'IQR/median @10, @100': [at10, at100].map((m) => (m ? `${readable(m.spreadPercent)}%` : 'n/a')).join(', '),
        'process medians @10 | @100': `${processSpread(at10)} | ${processSpread(at100)}`,
      }
    })
}

async function main(): Promise<void> {
  const args = parseBenchArgs()
  if (args.worker) return worker(args.worker, args)
  const keys = frameworks.map(({ key }) => key).filter((key) => !args.only || args.only.has(key))
  const log = (line: string) => console.error(`agent-overhead: ${line}`)
  const { measurements, notes } = await measureIsolated(fileURLToPath(import.meta.url), keys, args.rounds, args.forwarded, log)
  const lookup: Lookup = (key, turns) => measurements.get(`${key}@${turns}`)
  const goals = agentGoals(lookup)
  const machine = machineInfo(args.measure.clock)
  if (args.json) {
    console.log(JSON.stringify({ benchmark: 'agent-overhead', machine, rounds: args.rounds, measurements: [...measurements.values()], goals, notes }, null, 2))
    return
  }
  printMachine(machine)
  console.log(`Agent overhead per tool-call turn (median of ${args.rounds} process(es) per framework; time per run / turns):`)
  console.table(tableRows(lookup))
  console.table(goalRows(goals))
  for (const note of notes) console.log(`note: ${note}`)
}

await main()
