/**
 * Experiments end to end against Postgres and a real run worker: a 20-row dataset run through a demo-model workflow
 * as ordinary durable runs, scored by every evaluator kind (the LLM judge on the demo model), its results and
 * aggregates; a second experiment on another version, driven on after its worker stops and a new one starts, and
 * compared row by row with the first; another member's 404, and bad input's 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EvaluatorSpecInput } from '@/lib/contracts/evaluators'
import { experimentComparisonSchema, experimentResponseSchema, experimentResultsResponseSchema, type ExperimentView } from '@/lib/contracts/experiments'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '@/lib/server/auth/principal'
import { stepExperiment } from '@/lib/server/evaluations/experiment-driver'
import { experimentDriverDeps } from '@/lib/server/evaluations/experiment-jobs'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { createSavedAgent } from '@/lib/server/testing/saved-agents'
import { callRoute, principalOf, type TestUser } from '@/lib/server/testing/test-app'
import { waitFor } from '@/lib/server/testing/wait-for'
import { createWorkerTestApp, type WorkerTestApp } from '@/lib/server/testing/worker-test-app'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import * as datasetsRoute from '../datasets/route'
import * as cancelRoute from './[id]/cancel/route'
import * as compareRoute from './[id]/compare/[otherId]/route'
import * as resultsRoute from './[id]/results/route'
import * as experimentRoute from './[id]/route'
import * as experimentsRoute from './route'

const QUESTIONS = 16
const EVALUATORS: EvaluatorSpecInput[] = [
  { kind: 'exact' },
  { kind: 'contains' },
  { kind: 'starts_with', value: 'Demo reply:' },
  { kind: 'regex', pattern: '^(Demo reply|Result):' },
  { kind: 'json_schema', schema: { type: 'string', minLength: 1 } },
  { kind: 'json_path_equals', path: '$' },
  { kind: 'metric_threshold', metric: 'tokens', max: 100_000 },
  { kind: 'tool_called', tool: 'calculate', arguments: { expression: '6 * 7' } },
  { kind: 'cel', expression: 'output.contains("reply") || toolCalls.exists(c, c.name == "calculate")' },
  { kind: 'llm_judge', name: 'judge', rubric: 'Answers with the expected text.', model: { provider: 'demo' } },
]

describe('experiments', () => {
  let app: WorkerTestApp
  let secondWorker: RunWorker | undefined
  let owner: TestUser
  let other: TestUser
  let workflowId: string
  let datasetId: string
  let first: ExperimentView

  const finished = (id: string, as = owner) =>
    waitFor(async () => {
      const answer = await callRoute(experimentRoute.GET, { params: { id }, as })
      const { experiment } = experimentResponseSchema.parse(answer.body)
      return experiment.status === 'running' ? undefined : experiment
    })

  beforeAll(async () => {
    app = await createWorkerTestApp({ concurrency: 4 })
    owner = await app.addUser('member')
    other = await app.addUser('member')
    const as: Principal = principalOf(owner)
    const workflows = new WorkflowService(app.db.prisma)
    const withAgent = graph()
      .start()
      .agent('agent', { functionTools: ['calculate'] })
      .output()
      .chain('start', 'agent', 'output')
      .build()
    const created = await workflows.create(as, { name: 'Answerer', graph: withAgent })
    workflowId = created.workflow.id
    // Version 2 echoes its input: what the agent added is gone, which the comparison must call a regression.
    await workflows.createVersion(as, workflowId, graph().start().output().chain('start', 'output').build(), 1, 'echo')
    const rows = [
      ...Array.from({ length: QUESTIONS }, (_, i) => ({ input: `question ${i + 1}`, expected: `Demo reply: question ${i + 1}` })),
      ...Array.from({ length: 4 }, () => ({ input: '/call calculate {"expression":"6 * 7"}', expected: 'Result: 42' })),
    ]
    const dataset = await callRoute(datasetsRoute.POST, { body: { name: 'Twenty', rows }, as: owner })
    datasetId = dataset.body.dataset.id
  })
  afterAll(async () => {
    await secondWorker?.stop()
    await app?.close()
  })

  it('runs every row as a durable run of the pinned version and scores it with every evaluator kind', async () => {
    const created = await callRoute(experimentsRoute.POST, {
      body: { datasetId, target: { workflowId, version: 1 }, evaluators: EVALUATORS, concurrency: 4 },
      as: owner,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { experiment } = experimentResponseSchema.parse(created.body)
    expect(experiment).toMatchObject({ status: 'running', progress: { total: 20 }, target: { kind: 'workflow', version: 1, name: 'Answerer' } })
    expect(experiment.labels).toEqual([
      'exact',
      'contains',
      'starts_with',
      'regex',
      'json_schema',
      'json_path_equals',
      'metric_threshold',
      'tool_called',
      'cel',
      'judge',
    ])

    first = await finished(experiment.id)
    expect(first).toMatchObject({ status: 'succeeded', progress: { done: 20, total: 20 } })
    const { rows } = experimentResultsResponseSchema.parse((await callRoute(resultsRoute.GET, { params: { id: first.id }, as: owner })).body)
    expect(rows).toHaveLength(20)
    const runs = await app.db.prisma.run.findMany({ where: { id: { in: rows.map((row) => row.runId!) } }, include: { version: true } })
    expect(runs.map((run) => [run.status, run.version?.version, run.ownerId])).toEqual(runs.map(() => ['succeeded', 1, owner.id]))

    const passed = (row: (typeof rows)[number], label: string) => row.scores.find((score) => score.label === label)!.passed
    const question = rows.find((row) => row.input === 'question 3')!
    expect(question).toMatchObject({ status: 'scored', runStatus: 'succeeded', output: 'Demo reply: question 3', tokens: expect.any(Number) })
    expect(question.scores).toHaveLength(EVALUATORS.length)
    for (const label of ['exact', 'contains', 'starts_with', 'regex', 'json_schema', 'json_path_equals', 'metric_threshold', 'cel', 'judge'])
      expect(passed(question, label), label).toBe(true)
    expect(passed(question, 'tool_called')).toBe(false)
    expect(question.scores.find((score) => score.label === 'judge')!.reason).toMatch(/^5\/5: /)

    const calculation = rows.find((row) => row.rowIndex === QUESTIONS)!
    expect(calculation.output).toBe('Result: 42')
    for (const label of ['exact', 'tool_called', 'regex', 'cel', 'judge']) expect(passed(calculation, label), label).toBe(true)
    expect(passed(calculation, 'starts_with')).toBe(false)

    const { aggregates } = first
    expect(aggregates.evaluators.find((entry) => entry.label === 'tool_called')).toMatchObject({ meanScore: 4 / 20, passRate: 4 / 20, spread: 0 })
    expect(aggregates.evaluators.find((entry) => entry.label === 'starts_with')).toMatchObject({ passRate: 16 / 20 })
    expect(aggregates.evaluators.find((entry) => entry.label === 'judge')).toMatchObject({ meanScore: 1 })
    expect(aggregates).toMatchObject({ passRate: 0, runsFailed: 0, latencyMs: { p50: expect.any(Number) } })
    expect(aggregates.tokens.total).toBeGreaterThan(0)
  })

  it('carries on after its worker stops and another starts, and compares row by row with a baseline', async () => {
    const created = await callRoute(experimentsRoute.POST, {
      body: { datasetId, target: { workflowId }, evaluators: EVALUATORS, trials: 2, concurrency: 8 },
      as: owner,
    })
    const { experiment } = experimentResponseSchema.parse(created.body)
    expect(experiment).toMatchObject({ target: { version: 2 }, progress: { total: 40 } })
    // The worker stops with the experiment under way; what it had started is in Postgres, and a new worker takes it from there.
    await app.worker.stop()
    secondWorker = new RunWorker(app, { concurrency: 4 })
    await secondWorker.start()
    const second = await finished(experiment.id)
    expect(second).toMatchObject({ status: 'succeeded', progress: { done: 40, total: 40 } })
    expect(second.aggregates.evaluators.find((entry) => entry.label === 'contains')!.spread).toBe(0)

    const compared = await callRoute(compareRoute.GET, { params: { id: second.id, otherId: first.id }, as: owner })
    expect(compared.status).toBe(200)
    const comparison = experimentComparisonSchema.parse(compared.body)
    expect(comparison.counts).toEqual({ regressed: 20, improved: 0, same: 0, missing: 0 })
    expect(comparison.rows.every((row) => row.delta! < 0)).toBe(true)
    expect(comparison.aggregates.meanScore.delta!).toBeLessThan(0)
    const same = experimentComparisonSchema.parse((await callRoute(compareRoute.GET, { params: { id: first.id, otherId: first.id }, as: owner })).body)
    expect(same.counts).toMatchObject({ same: 20, regressed: 0 })
  })

  it('runs a saved agent as the target: each row a turn of a new conversation', async () => {
    const agentId = await createSavedAgent(app, owner, { name: 'Helper', instructions: 'Help.', model: { provider: 'demo' } })
    const dataset = await callRoute(datasetsRoute.POST, {
      body: { name: 'For the agent', rows: [{ input: 'hello', expected: 'Demo reply: hello' }, { input: 'bye' }] },
      as: owner,
    })
    const created = await callRoute(experimentsRoute.POST, {
      // A cost threshold too: the demo model is priced at $0 by the default price table.
      body: {
        datasetId: dataset.body.dataset.id,
        target: { agentId },
        evaluators: [
          { kind: 'starts_with', value: 'Demo reply:' },
          { kind: 'metric_threshold', metric: 'costUsd', max: 0 },
        ],
      },
      as: owner,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const done = await finished(created.body.experiment.id)
    expect(done).toMatchObject({ status: 'succeeded', target: { kind: 'agent', id: agentId, version: 1 }, progress: { done: 2, total: 2 } })
    expect(done.aggregates.passRate).toBe(1)
    const { rows } = experimentResultsResponseSchema.parse((await callRoute(resultsRoute.GET, { params: { id: done.id }, as: owner })).body)
    expect(rows.map((row) => row.output)).toEqual(['Demo reply: hello', 'Demo reply: bye'])
    expect(rows.map((row) => row.costUsd)).toEqual([0, 0])
    expect(done.aggregates.cost).toEqual({ totalUsd: 0, meanUsd: 0 })
  })

  it('cancels an experiment: no more rows start, and a second cancel is a 409', async () => {
    const created = await callRoute(experimentsRoute.POST, {
      body: { datasetId, target: { workflowId, version: 1 }, evaluators: [{ kind: 'exact' }], concurrency: 1 },
      as: owner,
    })
    const id = created.body.experiment.id as string
    const cancelled = await callRoute(cancelRoute.POST, { params: { id }, as: owner })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(experimentResponseSchema.parse(cancelled.body).experiment).toMatchObject({ status: 'cancelled', finishedAt: expect.any(String) })
    const again = await callRoute(cancelRoute.POST, { params: { id }, as: owner })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('experiment_finished')
    expect((await callRoute(cancelRoute.POST, { params: { id }, as: other })).status).toBe(404)
    // Whatever a step finds now, it starts nothing: the rows that had not started stay so, and no run is added.
    const pending = async () =>
      experimentResultsResponseSchema
        .parse((await callRoute(resultsRoute.GET, { params: { id }, as: owner })).body)
        .rows.filter((row) => row.status === 'pending').length
    const pendingBefore = await pending()
    expect(pendingBefore).toBeGreaterThan(0)
    const runsBefore = await app.db.prisma.run.count({ where: { workflowId } })
    expect(await stepExperiment(experimentDriverDeps(app), id)).toBe('finished')
    expect(await pending()).toBe(pendingBefore)
    expect(await app.db.prisma.run.count({ where: { workflowId } })).toBe(runsBefore)
  })

  it('answers another member 404 and lists experiments for their workspace only', async () => {
    for (const answer of [
      await callRoute(experimentRoute.GET, { params: { id: first.id }, as: other }),
      await callRoute(resultsRoute.GET, { params: { id: first.id }, as: other }),
      await callRoute(compareRoute.GET, { params: { id: first.id, otherId: first.id }, as: other }),
      await callRoute(experimentsRoute.POST, { body: { datasetId, target: { workflowId }, evaluators: [{ kind: 'exact' }] }, as: other }),
    ]) {
      expect(answer.status).toBe(404)
      expect(answer.body.error.code).toBe('not_found')
    }
    const listed = (await callRoute(experimentsRoute.GET, { as: other })).body.experiments as { id: string }[]
    expect(listed.map((entry) => entry.id)).not.toContain(first.id)
    expect(((await callRoute(experimentsRoute.GET, { as: owner })).body.experiments as { id: string }[]).map((entry) => entry.id)).toContain(first.id)
    expect((await callRoute(experimentRoute.GET, { params: { id: first.id }, as: null })).status).toBe(401)
  })

  it('refuses bad input with 400 JSON, never 500', async () => {
    const bodies = [
      {},
      { datasetId, target: {}, evaluators: [{ kind: 'exact' }] },
      { datasetId, target: { workflowId, agentId: workflowId }, evaluators: [{ kind: 'exact' }] },
      { datasetId, target: { workflowId }, evaluators: [] },
      { datasetId, target: { workflowId }, evaluators: [{ kind: 'nope' }] },
      { datasetId, target: { workflowId }, evaluators: [{ kind: 'regex', pattern: '(a)\\1' }] },
      { datasetId, target: { workflowId }, evaluators: [{ kind: 'cel', expression: 'output.(' }] },
      { datasetId, target: { workflowId }, evaluators: [{ kind: 'exact' }], trials: 6 },
      { datasetId, target: { workflowId }, evaluators: [{ kind: 'exact' }], concurrency: 0 },
    ]
    for (const body of bodies) {
      const answer = await callRoute(experimentsRoute.POST, { body, as: owner })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) })
    }
    const regex = await callRoute(experimentsRoute.POST, { body: bodies[5], as: owner })
    expect(regex.body.error).toMatchObject({ code: 'invalid_evaluator', details: { index: 0 } })
    const missing = await callRoute(experimentsRoute.POST, {
      body: { datasetId, target: { workflowId, version: 99 }, evaluators: [{ kind: 'exact' }] },
      as: owner,
    })
    expect(missing.status).toBe(404)
  })
})
