/**
 * A step starts its rows side by side: each start is a run's create and its row's update, and one after another they
 * were most of a step's time, so an experiment could start no more rows a second than one create allows. No worker
 * runs here: the step is called directly with the real starter, counted, so nothing else steps the experiment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluatorSpecSchema } from '@/lib/contracts/evaluators'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '../auth/principal'
import { servicesFor, type Services } from '../services'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { stepExperiment, type ExperimentRunStarter } from './experiment-driver'
import { experimentDriverDeps } from './experiment-jobs'

/** The real starter, counting how many of its starts are under way at once. */
function countingStarter(starter: ExperimentRunStarter) {
  let underWay = 0
  const counts = { most: 0, started: 0 }
  const counted = async <T>(start: () => Promise<T>): Promise<T> => {
    underWay++
    counts.most = Math.max(counts.most, underWay)
    try {
      // Let the step begin any other start before this one goes on: one after another, none would have.
      await new Promise((resolve) => setImmediate(resolve))
      const started = await start()
      counts.started++
      return started
    } finally {
      underWay--
    }
  }
  const wrapped: ExperimentRunStarter = {
    startWorkflowRun: (principal, input) => counted(() => starter.startWorkflowRun(principal, input)),
    startAgentTurn: (principal, input) => counted(() => starter.startAgentTurn(principal, input)),
  }
  return { starter: wrapped, counts }
}

describe("an experiment step's row starts", () => {
  let app: TestApp
  let services: Services
  let as: Principal

  beforeAll(async () => {
    app = await createTestApp()
    services = servicesFor(app)
    as = principalOf(await app.addUser('member'))
  })
  afterAll(async () => app?.close())

  it('starts as many rows as the concurrency allows, side by side, and no more', async () => {
    const { workflow } = await services.workflows.create(as, {
      name: 'Answerer',
      graph: graph().start().agent('agent').output().chain('start', 'agent', 'output').build(),
    })
    const rows = Array.from({ length: 6 }, (_, i) => ({ input: `question ${i + 1}` }))
    const { dataset } = await services.datasets.create(as, { name: 'Six', rows })
    const { experiment } = await services.experiments.create(as, {
      datasetId: dataset.id,
      target: { workflowId: workflow.id },
      evaluators: [evaluatorSpecSchema.parse({ kind: 'contains' })],
      trials: 1,
      concurrency: 4,
    })
    const deps = experimentDriverDeps(app)
    const { starter, counts } = countingStarter(deps.starter)

    expect(await stepExperiment({ ...deps, starter }, experiment.id)).toBe('continue')

    expect(counts).toEqual({ most: 4, started: 4 })
    const byStatus = await app.db.prisma.experimentRow.groupBy({ by: ['status'], where: { experimentId: experiment.id }, _count: true })
    expect(Object.fromEntries(byStatus.map((group) => [group.status, group._count]))).toEqual({ running: 4, pending: 2 })
    expect(await app.db.prisma.run.count({ where: { experimentId: experiment.id } })).toBe(4)
  })
})
