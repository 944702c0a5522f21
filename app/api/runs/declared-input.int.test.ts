/**
 * A workflow whose start node declares input fields, started from outside: through `POST /api/runs`
 * and `POST /v1/responses` (with the real `openai` package) a run input that does not match is
 * refused with its problems (400), and one that matches runs; its transform reads `input.topic`.
 */
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { hostRoutes, type RouteHttpHost } from '@/lib/server/testing/route-http-host'
import { callRoute, createTestApp, principalOf, type TestApp } from '@/lib/server/testing/test-app'
import { waitFor } from '@/lib/server/testing/wait-for'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { GET as getRun } from './[id]/route'
import { POST as createRun } from './route'

const topicGraph: GraphDocument = graph()
  .start('start', {
    inputFields: [
      { name: 'topic', type: 'string', description: 'What to write about' },
      { name: 'count', type: 'integer', required: false },
    ],
  })
  .node('about', 'transform', { expression: '"About " + input.topic' })
  .output()
  .chain('start', 'about', 'output')
  .build()

describe('a run of a workflow that declares its input', () => {
  let app: TestApp
  let worker: RunWorker
  let host: RouteHttpHost
  let workflowId: string

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()
    workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'Topic', graph: topicGraph })).workflow.id
    host = await hostRoutes([{ pattern: '/v1/responses', load: () => import('@/app/v1/responses/route') }])
  })

  afterAll(async () => {
    await host?.close()
    await worker?.stop()
    await app?.close()
  })

  it('POST /api/runs: 400 listing the problems for a bad input, a run with its output for a good one', async () => {
    const bad = await callRoute(createRun, { body: { workflowId, input: '{"count":"two"}' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toEqual({
      code: 'invalid_run_input',
      message: 'The input does not match the workflow\'s input fields: "topic" is required. "count" must be a whole number.',
      details: {
        param: 'input',
        problems: [
          { field: 'topic', message: '"topic" is required.' },
          { field: 'count', message: '"count" must be a whole number.' },
        ],
      },
    })
    expect((await callRoute(createRun, { body: { workflowId, input: 'bees' } })).status).toBe(400)
    expect(await app.db.prisma.run.count()).toBe(0)

    const good = await callRoute(createRun, { body: { workflowId, input: '{"topic":"bees","count":2}' } })
    expect(good.status).toBe(201)
    const run = await waitFor(async () => {
      const { body } = await callRoute(getRun, { params: { id: good.body.run.id } })
      return body.run.status === 'succeeded' || body.run.status === 'failed' ? body.run : undefined
    })
    expect(run).toMatchObject({ status: 'succeeded', outputs: ['About bees'] })
  })

  it('POST /v1/responses: the input as JSON text, a bad one refused in OpenAI’s error shape', async () => {
    const client = new OpenAI({ baseURL: `${host.url}/v1`, apiKey: app.admin.token, maxRetries: 0 })
    const refused = client.responses.create({ model: 'workflow:Topic', input: 'bees' })
    await expect(refused).rejects.toBeInstanceOf(OpenAI.BadRequestError)
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'invalid_run_input', param: 'input' })
    const answered = await client.responses.create({ model: 'workflow:Topic', input: JSON.stringify({ topic: 'wasps' }) })
    expect(answered).toMatchObject({ status: 'completed', output_text: 'About wasps' })
  })
})
