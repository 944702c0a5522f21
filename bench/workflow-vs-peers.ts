/**
 * Workflow engine overhead per executed node, against peers: a 1,000- and a 5,000-node chain and a
 * 1→1,000→1 fan-out/fan-in, for Agentloom's WorkflowBuilder (run() and runStream(), checkpoints off
 * and in memory),
 * LangGraph.js's StateGraph (without and with MemorySaver), Mastra's createWorkflow and a hand-written
 * loop. Every node does the same trivial work; the figure is run time / nodes executed. Each framework
 * is measured in processes of its own, alternated over several rounds (bench/lib/isolated.ts); within
 * a process its three shapes are interleaved. Peers come from bench/package.json
 * (`npm ci --prefix bench`); a peer that is not installed is skipped with a note. Standalone:
 *
 *   npx tsx bench/workflow-vs-peers.ts [--clock cpu|wall] [--rounds 3] [--budget 3000] [--samples 5] [--only agentloom,mastra] [--full] [--quick] [--json]
 *
 * Peers take seconds to minutes per run on the 5,000-node chain; such "slow" cases get one warm-up run
 * and one sample per process (see bench/lib/measure.ts). The LangGraph + MemorySaver run of the
 * 5,000-node chain alone takes minutes, so it runs only with --full.
 *
 * Goals (issue 5): Agentloom ≤ 1/20 of the faster of LangGraph and Mastra per node (checked for run()
 * with and without checkpoints, and for runStream() with checkpoints, the app's configuration), and
 * flat in size (per node at 5,000 ≤ 1.2× per node at 1,000; checked for every Agentloom configuration).
 */
import { fileURLToPath } from 'node:url'
import { parseBenchArgs, ratioText, readable, type BenchArgs } from './lib/cli'
import { measureIsolated, printWorkerReport } from './lib/isolated'
import { measureGroup, type BenchCase, type Measurement } from './lib/measure'
import { checkPairedRatio, checkRatio, goalRows, machineInfo, printMachine, type GoalCheck } from './lib/report'
import type { WorkflowHarness } from './lib/workflows/harness'

const FAN_WIDTH = 1000
const shapes = [
  { key: 'chain-1000', label: 'chain 1,000', nodes: 1000, build: (harness: WorkflowHarness) => harness.chain(1000) },
  { key: 'chain-5000', label: 'chain 5,000', nodes: 5000, build: (harness: WorkflowHarness) => harness.chain(5000) },
  { key: 'fan-1000', label: 'fan-out/in 1→1,000→1', nodes: FAN_WIDTH + 2, build: (harness: WorkflowHarness) => harness.fanOutIn(FAN_WIDTH) },
] as const
type ShapeKey = (typeof shapes)[number]['key']

const agentloom = async (checkpointing: boolean, streaming: boolean) =>
  (await import('./lib/workflows/agentloom')).agentloomWorkflowHarness(checkpointing, streaming)

const frameworks: Array<{ key: string; label: string; load: () => Promise<WorkflowHarness> }> = [
  { key: 'agentloom', label: 'Agentloom run()', load: () => agentloom(false, false) },
  { key: 'agentloom-checkpoints', label: 'Agentloom run(), in-memory checkpoints', load: () => agentloom(true, false) },
  { key: 'agentloom-stream', label: 'Agentloom runStream()', load: () => agentloom(false, true) },
  { key: 'agentloom-stream-checkpoints', label: 'Agentloom runStream(), in-memory checkpoints', load: () => agentloom(true, true) },
  { key: 'hand-written', label: 'hand-written loop', load: async () => (await import('./lib/workflows/hand-written')).handWrittenWorkflowHarness() },
  { key: 'langgraph', label: 'LangGraph StateGraph', load: async () => (await import('./lib/workflows/langgraph')).langGraphWorkflowHarness(false) },
  {
    key: 'langgraph-checkpoints',
    label: 'LangGraph StateGraph + MemorySaver',
    load: async () => (await import('./lib/workflows/langgraph')).langGraphWorkflowHarness(true),
  },
  { key: 'mastra', label: 'Mastra createWorkflow', load: async () => (await import('./lib/workflows/mastra')).mastraWorkflowHarness() },
]

/** Cases left out unless --full: [framework key, shape key]. */
const FULL_ONLY: Array<[string, ShapeKey]> = [['langgraph-checkpoints', 'chain-5000']]
const leftOut = (key: string, shape: ShapeKey, full: boolean) => !full && FULL_ONLY.some(([k, s]) => k === key && s === shape)

type Lookup = (key: string, shape: ShapeKey) => Measurement | undefined

/** Worker mode: measure one framework's shapes, interleaved, in this process. */
async function worker(key: string, args: BenchArgs, full: boolean): Promise<void> {
  const framework = frameworks.find((candidate) => candidate.key === key)
  if (!framework) throw new Error(`Unknown framework ${JSON.stringify(key)}.`)
  let harness: WorkflowHarness
  try {
    harness = await framework.load()
    await (
      await harness.chain(3)
    )() // fail early (and visibly) if the adapter does not work
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    printWorkerReport({ measurements: [], notes: [], skipped: `${reason} (peers install with: npm ci --prefix bench)` })
    return
  }
  const cases: BenchCase[] = []
  const notes: string[] = []
  for (const shape of shapes) {
    if (leftOut(key, shape.key, full)) {
      notes.push(`${framework.label}, ${shape.label}: left out (minutes per run); run with --full to include it.`)
      continue
    }
    cases.push({ name: `${key}@${shape.key}`, units: shape.nodes, run: await shape.build(harness) })
  }
  printWorkerReport({ measurements: await measureGroup(cases, args.measure), notes })
}

function fasterOf(lookup: Lookup, keys: string[], shape: ShapeKey): Measurement | undefined {
  const measured = keys.map((key) => lookup(key, shape)).filter((m): m is Measurement => m !== undefined)
  return measured.sort((a, b) => a.medianMicros - b.medianMicros)[0]
}

function workflowGoals(lookup: Lookup): GoalCheck[] {
  const goals: GoalCheck[] = []
  const comparisons = [
    { ours: 'agentloom', peers: ['langgraph', 'mastra'], text: 'run() ≤ 1/20 of min(LangGraph, Mastra)' },
    { ours: 'agentloom-checkpoints', peers: ['langgraph-checkpoints', 'mastra'], text: 'run()+checkpoints ≤ 1/20 of min(LangGraph+MemorySaver, Mastra)' },
    // The app's configuration: events streamed, a checkpoint every superstep.
    {
      ours: 'agentloom-stream-checkpoints',
      peers: ['langgraph-checkpoints', 'mastra'],
      text: 'runStream()+checkpoints ≤ 1/20 of min(LangGraph+MemorySaver, Mastra)',
    },
  ]
  for (const { ours, peers, text } of comparisons) {
    for (const shape of shapes) {
      goals.push(checkRatio(`workflow: Agentloom ${text}, ${shape.label}`, lookup(ours, shape.key), fasterOf(lookup, peers, shape.key), 1 / 20))
    }
  }
  for (const { key, label } of frameworks.filter((framework) => framework.key.startsWith('agentloom'))) {
    goals.push(checkPairedRatio(`workflow: ${label}, per node at 5,000 ≤ 1.2× at 1,000`, lookup(key, 'chain-5000'), lookup(key, 'chain-1000'), 1.2))
  }
  return goals
}

const processSpread = (m: Measurement | undefined) =>
  m?.processMedians ? `${readable(Math.min(...m.processMedians))}–${readable(Math.max(...m.processMedians))}` : '-'

function tableRows(lookup: Lookup) {
  return frameworks
    .filter(({ key }) => shapes.some((shape) => lookup(key, shape.key)))
    .map(({ key, label }) => {
      const [oneK, fiveK, fan] = shapes.map((shape) => lookup(key, shape.key))
      const cell = (m: Measurement | undefined) => (m ? readable(m.medianMicros) : 'n/a')
      return {
        framework: label,
        'chain 1,000 µs/node': cell(oneK),
        'chain 5,000 µs/node': cell(fiveK),
        '5k / 1k': oneK && fiveK ? ratioText(fiveK.medianMicros / oneK.medianMicros) : 'n/a',
        'fan-out/in µs/node': cell(fan),
        'IQR/median 1k, 5k, fan': [oneK, fiveK, fan].map((m) => (m ? `${readable(m.spreadPercent)}%` : '-')).join(', '),
        'process medians 1k | 5k | fan': [oneK, fiveK, fan].map(processSpread).join(' | '),
      }
    })
}

async function main(): Promise<void> {
  const args = parseBenchArgs()
  const full = process.argv.includes('--full')
  if (args.worker) return worker(args.worker, args, full)
  const keys = frameworks.map(({ key }) => key).filter((key) => !args.only || args.only.has(key))
  const log = (line: string) => console.error(`workflow-vs-peers: ${line}`)
  const { measurements, notes } = await measureIsolated(fileURLToPath(import.meta.url), keys, args.rounds, args.forwarded, log)
  const lookup: Lookup = (key, shape) => measurements.get(`${key}@${shape}`)
  const goals = workflowGoals(lookup)
  const machine = machineInfo(args.measure.clock)
  if (args.json) {
    console.log(
      JSON.stringify({ benchmark: 'workflow-vs-peers', machine, rounds: args.rounds, measurements: [...measurements.values()], goals, notes }, null, 2),
    )
    return
  }
  printMachine(machine)
  console.log(`Workflow engine overhead per executed node (median of ${args.rounds} process(es) per framework; time per run / nodes):`)
  console.table(tableRows(lookup))
  console.table(goalRows(goals))
  for (const note of notes) console.log(`note: ${note}`)
}

await main()
