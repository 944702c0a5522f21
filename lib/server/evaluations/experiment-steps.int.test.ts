/**
 * An experiment moves on its rows' runs' ends, not on a timer: with the safety step set beyond the test (an hour), a
 * workflow experiment of more rows than its concurrency, and an agent experiment (each row a conversation's turn),
 * still finish with every row scored. Only the wake-up that each run's end queues (experiment-step-queue.ts) can have
 * scored a row and started the next: the one step queued at creation starts the first rows, and the step after it
 * would be an hour away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluatorSpecSchema } from '@/lib/contracts/evaluators'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '../auth/principal'
import { RunWorker } from '../runs/execution/run-worker'
import { servicesFor, type Services } from '../services'
import { createSavedAgent } from '../testing/saved-agents'
import { createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'

const BEYOND_THE_TEST_MS = 3_600_000

describe('experiment steps', () => {
  let app: TestApp
  let worker: RunWorker
  let services: Services
  let owner: TestUser
  let as: Principal

  beforeAll(async () => {
    app = await createTestApp()
    worker = new RunWorker(app, { concurrency: 4, experimentSafetyStepMs: BEYOND_THE_TEST_MS })
    await worker.start()
    services = servicesFor(app)
    owner = await app.addUser('member')
    as = principalOf(owner)
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  async function finished(experimentId: string) {
    return waitFor(async () => {
      const { experiment } = await services.experiments.get(as, experimentId)
      return experiment.status === 'running' ? undefined : experiment
    })
  }

  async function dataset(name: string, size: number): Promise<string> {
    const rows = Array.from({ length: size }, (_, i) => ({ input: `question ${i + 1}`, expected: `Demo reply: question ${i + 1}` }))
    return (await services.datasets.create(as, { name, rows })).dataset.id
  }

  const contains = [evaluatorSpecSchema.parse({ kind: 'contains' })]

  it('scores a workflow experiment of more rows than its concurrency without its safety step', async () => {
    const { workflow } = await services.workflows.create(as, {
      name: 'Answerer',
      graph: graph().start().agent('agent').output().chain('start', 'agent', 'output').build(),
    })
    const created = await services.experiments.create(as, {
      datasetId: await dataset('Six', 6),
      target: { workflowId: workflow.id },
      evaluators: contains,
      trials: 1,
      concurrency: 2,
    })
    const done = await finished(created.experiment.id)
    expect(done).toMatchObject({ status: 'succeeded', progress: { done: 6, total: 6 } })
    expect(done.aggregates.passRate).toBe(1)
  })

  it("scores an agent experiment, each row a conversation's turn, without its safety step", async () => {
    const agentId = await createSavedAgent(app, owner, { name: 'Helper', instructions: 'Help.', model: { provider: 'demo' } })
    const created = await services.experiments.create(as, {
      datasetId: await dataset('Three', 3),
      target: { agentId },
      evaluators: contains,
      trials: 1,
      concurrency: 1,
    })
    const done = await finished(created.experiment.id)
    expect(done).toMatchObject({ status: 'succeeded', progress: { done: 3, total: 3 } })
    expect(done.aggregates.passRate).toBe(1)
  })
})
