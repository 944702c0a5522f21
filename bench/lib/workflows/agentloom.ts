/**
 * Agentloom's WorkflowBuilder: function executors joined with addChain / addFanOutEdges +
 * addFanInEdges, run with workflow.run() or consumed with workflow.runStream(); optionally
 * checkpointing every superstep into a fresh InMemoryCheckpointStorage per run.
 */
import { InMemoryCheckpointStorage, WorkflowBuilder, executor, type Executor, type Workflow } from '../../../lib/core/workflows/index'
import { expectOutput, type WorkflowHarness } from './harness'

/** A chain of `size` executors, each adding 1; the last yields the result. */
export function chainWorkflow(size: number): Workflow {
  const nodes: Executor[] = []
  for (let i = 0; i < size; i++) {
    const last = i === size - 1
    nodes.push(executor(`n${i}`, async (value: number, ctx) => (last ? ctx.yieldOutput(value + 1) : ctx.sendMessage(value + 1))))
  }
  return new WorkflowBuilder({ startExecutor: nodes[0], maxIterations: size + 1, name: `chain-${size}` }).addChain(nodes).build()
}

/** start → `width` workers → a join that yields how many values it got. */
export function fanOutInWorkflow(width: number): Workflow {
  const start = executor('start', async (value: number, ctx) => ctx.sendMessage(value))
  const workers = Array.from({ length: width }, (_, i) => executor(`w${i}`, async (value: number, ctx) => ctx.sendMessage(value + i)))
  const join = executor('join', async (values: number[], ctx) => ctx.yieldOutput(values.length))
  return new WorkflowBuilder({ startExecutor: start, name: `fan-${width}` }).addFanOutEdges(start, workers).addFanInEdges(workers, join).build()
}

function runner(workflow: Workflow, checkpointing: boolean, streaming: boolean, expected: number, label: string) {
  return async () => {
    const checkpointStorage = checkpointing ? new InMemoryCheckpointStorage() : undefined
    let output: unknown
    if (streaming) {
      // Events are looked at and dropped, as the app's run service does after persisting them.
      for await (const event of workflow.runStream(0, { checkpointStorage })) if (event.type === 'output') output = event.data
    } else {
      output = (await workflow.run(0, { checkpointStorage })).getOutputs()[0]
    }
    expectOutput(label, output, expected)
  }
}

/** run() keeps every event for its result; runStream() hands them over one by one. */
export function agentloomWorkflowHarness(checkpointing: boolean, streaming = false): WorkflowHarness {
  const label = `Agentloom ${streaming ? 'runStream()' : 'run()'}${checkpointing ? ', in-memory checkpoints' : ''}`
  return {
    key: `agentloom${streaming ? '-stream' : ''}${checkpointing ? '-checkpoints' : ''}`,
    chain: async (size) => runner(chainWorkflow(size), checkpointing, streaming, size, label),
    fanOutIn: async (width) => runner(fanOutInWorkflow(width), checkpointing, streaming, width, label),
  }
}
