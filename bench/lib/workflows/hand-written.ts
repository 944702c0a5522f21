/**
 * The baseline: the same work with no engine — one awaited async call per node, the workers of the
 * fan-out awaited together.
 */
import { expectOutput, type WorkflowHarness } from './harness'

export function handWrittenWorkflowHarness(): WorkflowHarness {
  return {
    key: 'hand-written',
    async chain(size) {
      const nodes = Array.from({ length: size }, () => async (value: number) => value + 1)
      return async () => {
        let value = 0
        for (const node of nodes) value = await node(value)
        expectOutput('hand-written', value, size)
      }
    },
    async fanOutIn(width) {
      const start = async (value: number) => value
      const workers = Array.from({ length: width }, (_, i) => async (value: number) => value + i)
      const join = async (values: number[]) => values.length
      return async () => {
        const value = await start(0)
        const output = await join(await Promise.all(workers.map((worker) => worker(value))))
        expectOutput('hand-written', output, width)
      }
    },
  }
}
