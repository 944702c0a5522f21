import { graph } from './graph-builder'

/**
 * The run path's yardstick, as the run-throughput bench saves it (bench/lib/runs/workflows.ts): start → agent → transform
 * → agent → output, five supersteps with two streamed model answers. The budget tests (statements, promises) run it.
 */
export const FIVE_NODE_DEMO = graph()
  .start()
  .agent('drafter', { name: 'Drafter', instructions: 'Draft a short answer.' })
  .node('tidy', 'transform', { expression: 'input' })
  .agent('reviewer', { name: 'Reviewer', instructions: 'Review the draft.' })
  .output()
  .chain('start', 'drafter', 'tidy', 'reviewer', 'output')
  .build()
