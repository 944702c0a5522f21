/**
 * Datasets through their routes against Postgres: versioned saves (a stale base is a 409 and stores nothing), CSV and
 * JSONL round trips, rows typed by a workflow's declared start fields, a row added from a run the caller can see,
 * and what others, the signed-out and bad input get (404, 401, 400 JSON — never 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { datasetResponseSchema, type DatasetResponse } from '@/lib/contracts/datasets'
import { starterDocument } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import { RunService } from '@/lib/server/runs/run-service'
import { callRoute, principalOf, type TestUser } from '@/lib/server/testing/test-app'
import { createWorkerTestApp, type WorkerTestApp } from '@/lib/server/testing/worker-test-app'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import * as exportRoute from './[id]/export/route'
import * as importRoute from './[id]/import/route'
import * as datasetRoute from './[id]/route'
import * as fromRunRoute from './[id]/rows/from-run/route'
import * as versionsRoute from './[id]/versions/route'
import * as datasetsRoute from './route'

describe('datasets', () => {
  let app: WorkerTestApp
  let owner: TestUser
  let other: TestUser

  beforeAll(async () => {
    app = await createWorkerTestApp()
    owner = await app.addUser('member')
    other = await app.addUser('member')
  })
  afterAll(async () => app?.close())

  const create = async (body: Record<string, unknown>, as = owner): Promise<DatasetResponse> => {
    const created = await callRoute(datasetsRoute.POST, { body, as })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return datasetResponseSchema.parse(created.body)
  }

  it('saves rows as new versions; a save from an older version is a 409 that stores nothing', async () => {
    const { dataset, version } = await create({ name: 'Capitals', rows: [{ input: 'France?', expected: 'Paris' }] })
    expect(version).toMatchObject({ version: 1, rows: [{ id: expect.any(String), input: 'France?', expected: 'Paris' }] })
    const params = { id: dataset.id }
    const rows = [...version.rows, { input: 'Italy?', expected: 'Rome', notes: 'easy' }]

    const saved = await callRoute(versionsRoute.POST, { params, body: { rows, baseVersion: 1, note: 'Italy' }, as: owner })
    expect(saved.status).toBe(201)
    expect(saved.headers.get('etag')).toBe('"2"')
    expect(datasetResponseSchema.parse(saved.body).version.rows.map((row) => row.input)).toEqual(['France?', 'Italy?'])

    const stale = await callRoute(versionsRoute.POST, { params, body: { rows: [], baseVersion: 1 }, as: owner })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatchObject({ code: 'stale_version', details: { current: { version: 2, etag: '"2"' } } })
    const noBase = await callRoute(versionsRoute.POST, { params, body: { rows: [] }, as: owner })
    expect(noBase.status).toBe(428)
    // If-Match works as the base, too.
    const viaHeader = await callRoute(versionsRoute.POST, { params, body: { rows: rows.slice(0, 1) }, headers: { 'if-match': '"2"' }, as: owner })
    expect(viaHeader.status).toBe(201)

    const latest = datasetResponseSchema.parse((await callRoute(datasetRoute.GET, { params, as: owner })).body)
    expect(latest.version.version).toBe(3)
    const second = await callRoute(datasetRoute.GET, { params, url: 'http://localhost/api/datasets/x?version=2', as: owner })
    expect(datasetResponseSchema.parse(second.body)).toMatchObject({ dataset: { latestVersion: 3 }, version: { version: 2, note: 'Italy' } })
  })

  it('round-trips rows through CSV and JSONL', async () => {
    const rows = [
      { id: 'r1', input: 'Say "hi", please\nnow', expected: 'hi', notes: 'quotes, commas and a line break' },
      { id: 'r2', input: { topic: 'tides' }, expected: { answer: ['moon', 'sun'] } },
      { id: 'r3', input: 'no expected answer' },
    ]
    const { dataset } = await create({ name: 'Round trip', rows })
    for (const format of ['csv', 'jsonl'] as const) {
      const exported = await fetchExport(dataset.id, format)
      expect(exported.type).toContain(format === 'csv' ? 'text/csv' : 'application/jsonl')
      const target = await create({ name: `Imported ${format}` })
      const imported = await callRoute(importRoute.POST, { params: { id: target.dataset.id }, body: { format, content: exported.text }, as: owner })
      expect(imported.status, JSON.stringify(imported.body)).toBe(201)
      expect(datasetResponseSchema.parse(imported.body).version.rows).toEqual(rows)
    }
  })

  it('appends or replaces on import, and refuses a bad file with the line (400, nothing stored)', async () => {
    const { dataset } = await create({ name: 'Imports', rows: [{ input: 'one' }] })
    const params = { id: dataset.id }
    const appended = await callRoute(importRoute.POST, { params, body: { format: 'csv', content: 'input,expected\ntwo,2\n' }, as: owner })
    expect(datasetResponseSchema.parse(appended.body).version.rows.map((row) => row.input)).toEqual(['one', 'two'])
    const replaced = await callRoute(importRoute.POST, { params, body: { format: 'jsonl', content: '{"input":"three"}', mode: 'replace' }, as: owner })
    expect(datasetResponseSchema.parse(replaced.body).version.rows.map((row) => row.input)).toEqual(['three'])

    for (const body of [
      { format: 'jsonl', content: '{"input":"ok"}\nnot json' },
      { format: 'csv', content: 'question,answer\nx,y' },
      { format: 'csv', content: 'input\n"unclosed' },
      { format: 'jsonl', content: '{"expected":"no input"}' },
      { format: 'xml', content: '<rows/>' },
    ]) {
      const refused = await callRoute(importRoute.POST, { params, body, as: owner })
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.error.code).toMatch(/^invalid_(dataset|request)$/)
    }
    expect(datasetResponseSchema.parse((await callRoute(datasetRoute.GET, { params, as: owner })).body).version.version).toBe(3)
  })

  it('types rows by the declared start fields of its workflow', async () => {
    const document = graph()
      .start('start', { inputFields: [{ name: 'topic', type: 'string' }] })
      .output()
      .chain('start', 'output')
      .build()
    const workflow = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Typed', graph: document })
    const refused = await callRoute(datasetsRoute.POST, {
      body: { name: 'Typed rows', workflowId: workflow.workflow.id, rows: [{ input: { subject: 'x' } }] },
      as: owner,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ code: 'invalid_dataset', message: expect.stringContaining('Row 1') })
    const { version } = await create({ name: 'Typed rows', workflowId: workflow.workflow.id, rows: [{ input: { topic: 'tides' } }] })
    expect(version.rows[0]?.input).toEqual({ topic: 'tides' })
  })

  it('adds a row from a run the caller can see: its input, and its outputs as the expected answer', async () => {
    const workflow = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Echo', graph: starterDocument() })
    const run = await new RunService(app).create(principalOf(owner), { workflowId: workflow.workflow.id, input: 'echo me' })
    await app.endedRun(run.id)
    const { dataset } = await create({ name: 'From runs' })
    const added = await callRoute(fromRunRoute.POST, { params: { id: dataset.id }, body: { runId: run.id }, as: owner })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(datasetResponseSchema.parse(added.body).version.rows).toEqual([
      { id: expect.any(String), input: 'echo me', expected: 'echo me', notes: `From run ${run.id}` },
    ])

    // Someone who cannot see the run gets its 404, even on a dataset of their own.
    const theirs = await create({ name: 'Theirs' }, other)
    const hidden = await callRoute(fromRunRoute.POST, { params: { id: theirs.dataset.id }, body: { runId: run.id }, as: other })
    expect(hidden.status).toBe(404)
    expect(hidden.body.error.code).toBe('not_found')
  })

  it('answers another member 404 on every route, the signed-out 401, and bad input 400', async () => {
    const { dataset } = await create({ name: 'Private', rows: [{ input: 'x' }] })
    const params = { id: dataset.id }
    const calls = [
      callRoute(datasetRoute.GET, { params, as: other }),
      callRoute(datasetRoute.PATCH, { params, body: { name: 'mine now' }, method: 'PATCH', as: other }),
      callRoute(datasetRoute.DELETE, { params, method: 'DELETE', as: other }),
      callRoute(versionsRoute.POST, { params, body: { rows: [], baseVersion: 1 }, as: other }),
      callRoute(importRoute.POST, { params, body: { format: 'jsonl', content: '' }, as: other }),
      callRoute(exportRoute.GET, { params, url: 'http://localhost/api/datasets/x/export?format=csv', as: other }),
      callRoute(fromRunRoute.POST, { params, body: { runId: 'x' }, as: other }),
    ]
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(404)
      expect(answer.body.error.code).toBe('not_found')
    }
    const listed = await callRoute(datasetsRoute.GET, { as: other })
    expect(listed.body.datasets.map((d: { id: string }) => d.id)).not.toContain(dataset.id)
    expect((await callRoute(datasetRoute.GET, { params, as: null })).status).toBe(401)

    for (const body of [
      {},
      { name: '' },
      { name: 'x', rows: 'nope' },
      { name: 'x', rows: [{ input: 5 }] },
      {
        name: 'x',
        rows: [
          { id: 'a', input: '1' },
          { id: 'a', input: '2' },
        ],
      },
    ]) {
      const answer = await callRoute(datasetsRoute.POST, { body, as: owner })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) })
    }
    const badFormat = await callRoute(exportRoute.GET, { params, url: 'http://localhost/api/datasets/x/export?format=xlsx', as: owner })
    expect(badFormat.status).toBe(400)
    const deleted = await callRoute(datasetRoute.DELETE, { params, method: 'DELETE', as: owner })
    expect(deleted.status).toBe(200)
    expect((await callRoute(datasetRoute.GET, { params, as: owner })).status).toBe(404)
  })

  async function fetchExport(id: string, format: 'csv' | 'jsonl'): Promise<{ text: string; type: string }> {
    const response = await exportRoute.GET(
      new Request(`http://localhost/api/datasets/${id}/export?format=${format}`, { headers: { authorization: `Bearer ${owner.token}` } }),
      { params: Promise.resolve({ id }) },
    )
    expect(response.status).toBe(200)
    return { text: await response.text(), type: response.headers.get('content-type') ?? '' }
  }
})
