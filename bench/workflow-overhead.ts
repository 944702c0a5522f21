/**
 * Workflow engine overhead per message, on a 1,000- and a 5,000-node chain and a 1-to-1,000
 * fan-out/fan-in, with in-memory checkpointing off and on, next to a hand-written loop doing the
 * same work (one awaited async call per node). Also checks that the per-step cost does not grow with
 * the graph: the 5,000-node chain may cost at most 1.2× per step what the 1,000-node chain costs.
 * Standalone (not part of any test run):
 *
 *   npx tsx bench/workflow-overhead.ts [--rounds 15] [--json]
 *
 * Time is the process's CPU time (user + system) per run, not wall time: on a shared machine other
 * processes stretch wall time but not our CPU time. The 1k and 5k runs are interleaved so drift (JIT,
 * GC, load) hits both alike; the 25th percentile of the rounds is reported.
 *
 * Peers: LangGraph.js (@langchain/langgraph) and Mastra (@mastra/core) are not installed in this
 * repository, so they are not run here; the brief's reference point (LangGraph ≈ 0.9 ms per step on
 * a 1,000-node chain, target ≤ 1/20 of the faster peer) is printed next to our numbers.
 */
import { PerformanceObserver } from 'node:perf_hooks'
import { InMemoryCheckpointStorage, type Workflow } from '../lib/core/workflows/index'
import { chainWorkflow, fanOutInWorkflow } from './lib/workflows/agentloom'

const argValue = (flag: string, fallback: number) => {
  const index = process.argv.indexOf(flag)
  return index >= 0 ? Number(process.argv[index + 1]) : fallback
}
const ROUNDS = argValue('--rounds', 15)
const JSON_OUTPUT = process.argv.includes('--json')
const LANGGRAPH_US_PER_STEP_AT_1000 = 900

type Mode = 'run' | 'stream'

async function runOnce(workflow: Workflow, mode: Mode, checkpointing: boolean): Promise<void> {
  const checkpointStorage = checkpointing ? new InMemoryCheckpointStorage() : undefined
  if (mode === 'run') {
    await workflow.run(0, { checkpointStorage })
    return
  }
  for await (const event of workflow.runStream(0, { checkpointStorage })) void event
}

// Main-thread GC pauses, the mechanism behind a per-step cost that grows with the run: if the live
// heap grows with the graph, so does the collector's work per step. Entries arrive in a later task,
// hence the flush before reading.
let gcMicros = 0
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMicros += entry.duration * 1000
}).observe({ entryTypes: ['gc'] })
const flushGcEntries = () => new Promise((resolve) => setTimeout(resolve, 0))

interface Sample {
  cpu: number
  gc: number
}

async function measure(fn: () => Promise<unknown>): Promise<Sample> {
  await flushGcEntries()
  const gcBefore = gcMicros
  const start = process.cpuUsage()
  await fn()
  const used = process.cpuUsage(start)
  await flushGcEntries()
  return { cpu: used.user + used.system, gc: gcMicros - gcBefore }
}

function p25(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 4)]
}

const round2 = (value: number) => Math.round(value * 100) / 100

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/**
 * Runs the given cases interleaved, ROUNDS times each after two warm-ups. Per case: CPU µs per run
 * (p25) and main-thread GC µs per run (mean).
 */
async function interleaved(cases: Array<() => Promise<unknown>>): Promise<Sample[]> {
  for (const run of cases) {
    await run()
    await run()
  }
  const samples = cases.map(() => [] as Sample[])
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < cases.length; i++) samples[i].push(await measure(cases[i]))
  }
  return samples.map((list) => ({ cpu: p25(list.map((s) => s.cpu)), gc: mean(list.map((s) => s.gc)) }))
}

async function main(): Promise<void> {
  const chain1k = chainWorkflow(1000)
  const chain5k = chainWorkflow(5000)
  const fan = fanOutInWorkflow(1000)
  const handSteps = Array.from({ length: 5000 }, (_, i) => async (value: number) => value + i)
  const [hand] = await interleaved([
    async () => {
      let value = 0
      for (const step of handSteps) value = await step(value)
      return value
    },
  ])
  const handPerCall = hand.cpu / 5000

  const rows: Array<Record<string, string | number>> = []
  const flatness: Record<string, number> = {}
  let chain1kStreamCheckpointed = 0
  for (const mode of ['run', 'stream'] as const) {
    for (const checkpointing of [false, true]) {
      const [oneK, fiveK, fanOut] = await interleaved([
        () => runOnce(chain1k, mode, checkpointing),
        () => runOnce(chain5k, mode, checkpointing),
        () => runOnce(fan, mode, checkpointing),
      ])
      const label = `${mode === 'run' ? 'run()' : 'runStream()'}, checkpoints ${checkpointing ? 'in memory' : 'off'}`
      // A chain of N nodes delivers N-1 messages in N-1 supersteps (plus the start message).
      rows.push({
        mode: label,
        'chain 1,000 µs/step': round2(oneK.cpu / 999),
        'chain 5,000 µs/step': round2(fiveK.cpu / 4999),
        'fan-out/in 1→1,000→1 µs/message': round2(fanOut.cpu / 2001),
        'GC µs/step 1,000 | 5,000': `${round2(oneK.gc / 999)} | ${round2(fiveK.gc / 4999)}`,
        'hand-written loop µs/call': round2(handPerCall),
      })
      flatness[`${label}: 5k/1k per step (≤ 1.2)`] = round2(fiveK.cpu / 4999 / (oneK.cpu / 999))
      if (mode === 'stream' && checkpointing) chain1kStreamCheckpointed = oneK.cpu / 999
    }
  }
  const summary = {
    ...flatness,
    'target µs/step (LangGraph ≈ 900 µs at 1,000 nodes, / 20)': LANGGRAPH_US_PER_STEP_AT_1000 / 20,
    'ours: chain 1,000, runStream(), checkpoints, µs/step': round2(chain1kStreamCheckpointed),
  }
  if (JSON_OUTPUT) {
    console.log(JSON.stringify({ rows, summary }, null, 2))
    return
  }
  console.table(rows)
  console.table(summary)
}

await main()
