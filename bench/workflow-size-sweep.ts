/**
 * Per-node cost of a chain at several sizes, interleaved in one process (each size in turn, 11
 * measured rounds, median), to see where per-node cost starts to grow with the graph and by how much.
 * Beside each chain runs a loop of as many supersteps over a single node (an executor with an edge
 * to itself): the same run length and the same work per step, without the graph. A chain that grows
 * while its loop stays flat grows with the graph the steps walk (the memory hierarchy); a loop that
 * grows too points at the run's length (what a run keeps, the collector).
 *
 *   npx tsx bench/workflow-size-sweep.ts [--mode run|stream] [--sizes 250,1000,2500,5000,10000]
 */
import { WorkflowBuilder, executor, type Workflow } from '../lib/core/workflows/index'
import { chainWorkflow } from './lib/workflows/agentloom'

const argValue = (flag: string): string | undefined => {
  const index = process.argv.indexOf(flag)
  return index >= 0 ? process.argv[index + 1] : undefined
}
const MODE = argValue('--mode') === 'stream' ? 'stream' : 'run'
const SIZES = (argValue('--sizes') ?? '250,1000,2500,5000,10000').split(',').map(Number)
const NODES_PER_SAMPLE = 50_000
const ROUNDS = 11

/** One node that adds 1 and sends the value back to itself until it reaches `steps`. */
function loopWorkflow(steps: number): Workflow {
  const node = executor('loop', async (value: number, ctx) => (value + 1 >= steps ? ctx.yieldOutput(value + 1) : ctx.sendMessage(value + 1)))
  return new WorkflowBuilder({ startExecutor: node, maxIterations: steps + 1, name: `loop-${steps}` }).addEdge(node, node).build()
}

async function runOnce(workflow: Workflow): Promise<void> {
  if (MODE === 'run') (await workflow.run(0)).getOutputs()
  else for await (const event of workflow.runStream(0)) void event
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const cases = SIZES.flatMap((size) => [
  { size, kind: 'chain', workflow: chainWorkflow(size), samples: [] as number[] },
  { size, kind: 'loop', workflow: loopWorkflow(size), samples: [] as number[] },
])
for (const { workflow } of cases) await runOnce(workflow)
for (let round = 0; round < ROUNDS; round++) {
  for (const entry of cases) {
    const runs = Math.max(1, Math.round(NODES_PER_SAMPLE / entry.size))
    const start = process.cpuUsage()
    for (let r = 0; r < runs; r++) await runOnce(entry.workflow)
    const used = process.cpuUsage(start)
    entry.samples.push((used.user + used.system) / (runs * entry.size))
  }
}
const medianOf = (size: number, kind: string) => median(cases.find((c) => c.size === size && c.kind === kind)!.samples)
const baseSize = SIZES.includes(1000) ? 1000 : SIZES[0]
console.table(
  SIZES.map((size) => ({
    steps: size,
    'chain µs/node': Number(medianOf(size, 'chain').toFixed(3)),
    [`chain vs ${baseSize}`]: `${(medianOf(size, 'chain') / medianOf(baseSize, 'chain')).toFixed(2)}×`,
    'loop µs/step': Number(medianOf(size, 'loop').toFixed(3)),
    [`loop vs ${baseSize}`]: `${(medianOf(size, 'loop') / medianOf(baseSize, 'loop')).toFixed(2)}×`,
  })),
)
