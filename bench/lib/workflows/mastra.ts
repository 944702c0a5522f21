/**
 * Mastra workflows: createStep per node, chained with .then() (or .parallel() and a join step),
 * committed once; each run is createRun() + start(). No Mastra instance and no storage, so no
 * snapshots are persisted (Mastra's cheapest configuration).
 */
import { createStep, createWorkflow } from '@mastra/core/workflows'
import { z } from 'zod'
import { expectOutput, type WorkflowHarness } from './harness'

const valueSchema = z.object({ value: z.number() })

interface LooseWorkflow {
  then(step: unknown): LooseWorkflow
  parallel(steps: unknown[]): LooseWorkflow
  commit(): LooseWorkflow
  createRun(): Promise<{ start(args: { inputData: unknown }): Promise<any> }>
}

function addOne(id: string) {
  return createStep({ id, inputSchema: valueSchema, outputSchema: valueSchema, execute: async ({ inputData }) => ({ value: inputData.value + 1 }) })
}

function runner(workflow: LooseWorkflow, expected: number) {
  workflow.commit()
  return async () => {
    const run = await workflow.createRun()
    const result = await run.start({ inputData: { value: 0 } })
    if (result.status !== 'success') throw new Error(`Mastra: the run ended with status ${result.status}: ${String(result.error)}`)
    expectOutput('Mastra', result.result?.value, expected)
  }
}

export function mastraWorkflowHarness(): WorkflowHarness {
  return {
    key: 'mastra',
    async chain(size) {
      let workflow = createWorkflow({ id: `chain-${size}`, inputSchema: valueSchema, outputSchema: valueSchema }) as unknown as LooseWorkflow
      for (let i = 0; i < size; i++) workflow = workflow.then(addOne(`n${i}`))
      return runner(workflow, size)
    },
    async fanOutIn(width) {
      const start = createStep({ id: 'start', inputSchema: valueSchema, outputSchema: valueSchema, execute: async ({ inputData }) => inputData })
      const workers = Array.from({ length: width }, (_, i) =>
        createStep({ id: `w${i}`, inputSchema: valueSchema, outputSchema: valueSchema, execute: async ({ inputData }) => ({ value: inputData.value + i }) }),
      )
      const join = createStep({
        id: 'join',
        inputSchema: z.record(z.string(), valueSchema),
        outputSchema: valueSchema,
        execute: async ({ inputData }) => ({ value: Object.keys(inputData).length }),
      })
      const workflow = (createWorkflow({ id: `fan-${width}`, inputSchema: valueSchema, outputSchema: valueSchema }) as unknown as LooseWorkflow)
        .then(start)
        .parallel(workers)
        .then(join)
      return runner(workflow, width)
    },
  }
}
