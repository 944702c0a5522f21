/**
 * Agentloom's WorkflowBuilder: function executors joined with addChain / addFanOutEdges +
 * addFanInEdges, run with workflow.run(); optionally checkpointing every superstep into a fresh
 * InMemoryCheckpointStorage per run.
 */
import { InMemoryCheckpointStorage, WorkflowBuilder, executor, type Executor, type Workflow } from '../../../lib/core/workflows/index'
import { expectOutput, type WorkflowHarness } from './harness'

function chainWorkflow(size: number): Workflow {
  const nodes: Executor[] = []
  for (let i = 0; i < size; i++) {
    const last = i === size - 1
    nodes.push(executor(`n${i}`, async (value: number, ctx) => (last ? ctx.yieldOutput(value + 1) : ctx.sendMessage(value + 1))))
  }
  return new WorkflowBuilder({ startExecutor: nodes[0], maxIterations: size + 1, name: `chain-${size}` }).addChain(nodes).build()
}

function fanOutInWorkflow(width: number): Workflow {
  const start = executor('start', async (value: number, ctx) => ctx.sendMessage(value))
  const workers = Array.from({ length: width }, (_, i) => executor(`w${i}`, async (value: number, ctx) => ctx.sendMessage(value + i)))
  const join = executor('join', async (values: number[], ctx) => ctx.yieldOutput(values.length))
  return new WorkflowBuilder({ startExecutor: start, name: `fan-${width}` }).addFanOutEdges(start, workers).addFanInEdges(workers, join).build()
}

function runner(workflow: Workflow, checkpointing: boolean, expected: number, label: string) {
  return async () => {
    const checkpointStorage = checkpointing ? new InMemoryCheckpointStorage() : undefined
    const result = await workflow.run(0, { checkpointStorage })
    expectOutput(label, result.getOutputs()[0], expected)
  }
}

export function agentloomWorkflowHarness(checkpointing: boolean): WorkflowHarness {
  const label = checkpointing ? 'Agentloom, in-memory checkpoints' : 'Agentloom, no checkpoints'
  return {
    key: checkpointing ? 'agentloom-checkpoints' : 'agentloom',
    chain: async (size) => runner(chainWorkflow(size), checkpointing, size, label),
    fanOutIn: async (width) => runner(fanOutInWorkflow(width), checkpointing, width, label),
  }
}
