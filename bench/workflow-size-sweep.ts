/**
 * Per-node cost of a chain at several sizes, interleaved in one process (each size in turn, 11
 * measured rounds, median), to see where per-node cost starts to grow with the graph and by how much.
 * The engine does the same work per message at every size, so what grows is the memory hierarchy:
 * the graph takes ~1.4 KB per node, and a step touches a dozen of a node's objects.
 *
 *   npx tsx bench/workflow-size-sweep.ts [--mode run|stream] [--sizes 250,1000,2500,5000,10000]
 */
import type { Workflow } from '../lib/core/workflows/index'
import { chainWorkflow } from './lib/workflows/agentloom'

const argValue = (flag: string): string | undefined => {
  const index = process.argv.indexOf(flag)
  return index >= 0 ? process.argv[index + 1] : undefined
}
const MODE = argValue('--mode') === 'stream' ? 'stream' : 'run'
const SIZES = (argValue('--sizes') ?? '250,1000,2500,5000,10000').split(',').map(Number)
const NODES_PER_SAMPLE = 50_000
const ROUNDS = 11

async function runOnce(workflow: Workflow): Promise<void> {
  if (MODE === 'run') await workflow.run(0)
  else for await (const event of workflow.runStream(0)) void event
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const workflows = SIZES.map(chainWorkflow)
const samples = SIZES.map(() => [] as number[])
for (const workflow of workflows) await runOnce(workflow)
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < SIZES.length; i++) {
    const runs = Math.max(1, Math.round(NODES_PER_SAMPLE / SIZES[i]))
    const start = process.cpuUsage()
    for (let r = 0; r < runs; r++) await runOnce(workflows[i])
    const used = process.cpuUsage(start)
    samples[i].push((used.user + used.system) / (runs * SIZES[i]))
  }
}
const base = median(samples[SIZES.indexOf(1000)] ?? samples[0])
console.table(
  SIZES.map((size, i) => ({
    nodes: size,
    'CPU µs/node (median)': Number(median(samples[i]).toFixed(3)),
    'vs 1,000 nodes': `${(median(samples[i]) / base).toFixed(2)}×`,
  })),
)
