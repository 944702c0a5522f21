/**
 * Memory over a long run: one executor that sends itself a message for 100,000 supersteps, consumed
 * with runStream() (events discarded, as the app does after persisting them), with in-memory
 * checkpointing off and on (the store keeps its default window of 100 checkpoints). The heap is
 * sampled after forced GCs; it must not grow with the number of supersteps. Standalone:
 *
 *   npx tsx --expose-gc bench/workflow-memory.ts [--steps 100000]
 */
import { InMemoryCheckpointStorage, WorkflowBuilder, executor } from '../lib/core/workflows/index'

const argValue = (flag: string, fallback: number) => {
  const index = process.argv.indexOf(flag)
  return index >= 0 ? Number(process.argv[index + 1]) : fallback
}
const STEPS = argValue('--steps', 100_000)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) console.warn('Run with --expose-gc for meaningful numbers.')

function heapMB(): number {
  gc?.()
  gc?.()
  const usage = process.memoryUsage()
  // Typed-array stores live outside the JS heap; count them too.
  return (usage.heapUsed + usage.arrayBuffers) / 1024 / 1024
}

async function loop(checkpointing: boolean): Promise<Record<string, number | string>> {
  const samples: Array<[number, number]> = []
  const every = STEPS / 10
  const loopExecutor = executor('loop', async (n: number, ctx) => {
    ctx.setState('count', n)
    if (n < STEPS) ctx.sendMessage(n + 1)
    else ctx.yieldOutput(n)
  })
  const workflow = new WorkflowBuilder({ startExecutor: loopExecutor, maxIterations: STEPS + 1 }).addEdge(loopExecutor, loopExecutor).build()
  const storage = checkpointing ? new InMemoryCheckpointStorage() : undefined
  const start = process.hrtime.bigint()
  const cpuStart = process.cpuUsage()
  let output: unknown
  for await (const event of workflow.runStream(0, { checkpointStorage: storage })) {
    if (event.type === 'superstep_completed' && event.iteration % every === 0) samples.push([event.iteration, heapMB()])
    if (event.type === 'output') output = event.data
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  const cpu = process.cpuUsage(cpuStart)
  if (output !== STEPS) throw new Error(`unexpected output ${String(output)}`)
  // Compare the second half with the first: a leak grows linearly with supersteps.
  const early = samples[1][1]
  const late = samples[samples.length - 1][1]
  return {
    mode: checkpointing ? 'in-memory checkpoints' : 'no checkpoints',
    supersteps: STEPS,
    'heap MB at 20%': Math.round(early * 10) / 10,
    'heap MB at 100%': Math.round(late * 10) / 10,
    'growth MB (20% → 100%)': Math.round((late - early) * 10) / 10,
    'wall µs/superstep': Math.round(((seconds * 1e6) / STEPS) * 100) / 100,
    'CPU µs/superstep (incl. forced GCs)': Math.round(((cpu.user + cpu.system) / STEPS) * 100) / 100,
    checkpointsKept: storage ? storage.size : 0,
  }
}

/**
 * run() returns every event of the run (as the reference does), so its result grows with the run by
 * design; what matters is how little each superstep adds. Measured with the result still referenced.
 */
async function retainedByRun(): Promise<Record<string, number | string>> {
  const loopExecutor = executor('loop', async (n: number, ctx) => (n < STEPS ? ctx.sendMessage(n + 1) : ctx.yieldOutput(n)))
  const workflow = new WorkflowBuilder({ startExecutor: loopExecutor, maxIterations: STEPS + 1 }).addEdge(loopExecutor, loopExecutor).build()
  const before = heapMB()
  const result = await workflow.run(0)
  const after = heapMB()
  if (result.getOutputs()[0] !== STEPS) throw new Error('unexpected output')
  return {
    mode: 'run(): result kept (all events)',
    supersteps: STEPS,
    events: result.length,
    'retained bytes/superstep': Math.round(((after - before) * 1024 * 1024) / STEPS),
  }
}

console.table([await loop(false), await loop(true)])
console.table([await retainedByRun()])
