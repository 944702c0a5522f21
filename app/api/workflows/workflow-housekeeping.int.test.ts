/**
 * Deleting (runs kept or deleted, as the person chooses), duplicating, renaming and describing
 * workflows through the API: answers fit their contracts, bad input is a 400 in the error shape,
 * another person's workflow is a 404, and nobody signed in gets 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createdWorkflowResponseSchema, deletedWorkflowResponseSchema, workflowListResponseSchema } from '@/lib/contracts/workflows'
import { exampleWorkflowDocument } from '@/lib/graph'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import * as runRoute from '../runs/[id]/route'
import * as cancelRoute from '../runs/[id]/cancel/route'
import * as runsRoute from '../runs/route'
import * as duplicateRoute from './[id]/duplicate/route'
import * as workflowRoute from './[id]/route'
import * as versionsRoute from './[id]/versions/route'
import * as workflowsRoute from './route'

describe('workflow housekeeping', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  async function workflowWithRun(name: string): Promise<{ workflowId: string; runId: string }> {
    const created = await callRoute(workflowsRoute.POST, { body: { name, graph: exampleWorkflowDocument() } })
    const workflowId = created.body.workflow.id as string
    const run = await callRoute(runsRoute.POST, { body: { workflowId, input: 'hello' } })
    expect(run.status).toBe(201)
    return { workflowId, runId: run.body.run.id as string }
  }

  it('deletes a workflow keeping its runs: they stay, under its name; the workflow is gone everywhere else', async () => {
    const { workflowId, runId } = await workflowWithRun('Kept runs')
    const deleted = await callRoute(workflowRoute.DELETE, { method: 'DELETE', params: { id: workflowId }, url: 'http://localhost/api/x?runs=keep' })
    expect(deleted.status).toBe(200)
    expect(deletedWorkflowResponseSchema.parse(deleted.body).deleted).toEqual({ id: workflowId, runsDeleted: 0, runsKept: 1 })

    expect((await callRoute(workflowRoute.GET, { params: { id: workflowId } })).status).toBe(404)
    expect((await callRoute(versionsRoute.GET, { params: { id: workflowId } })).status).toBe(404)
    const list = workflowListResponseSchema.parse((await callRoute(workflowsRoute.GET)).body)
    expect(list.workflows.map((w) => w.id)).not.toContain(workflowId)
    expect((await callRoute(runsRoute.POST, { body: { workflowId, input: 'again' } })).status).toBe(404)

    const run = await callRoute(runRoute.GET, { params: { id: runId } })
    expect(run.status).toBe(200)
    expect(run.body.run.workflowName).toBe('Kept runs')
    const runs = await callRoute(runsRoute.GET, { url: 'http://localhost/api/runs' })
    expect(runs.body.runs).toContainEqual(expect.objectContaining({ id: runId, workflowName: 'Kept runs' }))
  })

  it('deletes a workflow with its runs, once they have finished', async () => {
    const { workflowId, runId } = await workflowWithRun('Runs go too')
    const refused = await callRoute(workflowRoute.DELETE, { method: 'DELETE', params: { id: workflowId }, url: 'http://localhost/api/x?runs=delete' })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: 'runs_active', message: expect.stringContaining('cancel it first') })

    expect((await callRoute(cancelRoute.POST, { params: { id: runId }, body: {} })).status).toBe(200)
    const deleted = await callRoute(workflowRoute.DELETE, { method: 'DELETE', params: { id: workflowId }, url: 'http://localhost/api/x?runs=delete' })
    expect(deleted.body.deleted).toEqual({ id: workflowId, runsDeleted: 1, runsKept: 0 })
    expect((await callRoute(runRoute.GET, { params: { id: runId } })).status).toBe(404)
  })

  it("refuses a delete that does not say what becomes of the runs, another person's workflow, and no sign-in", async () => {
    const { workflowId } = await workflowWithRun('Guarded')
    const vague = await callRoute(workflowRoute.DELETE, { method: 'DELETE', params: { id: workflowId } })
    expect(vague.status).toBe(400)
    expect(vague.body.error.message).toContain('runs=keep or runs=delete')
    const other = await app.addUser()
    const url = 'http://localhost/api/x?runs=delete'
    expect((await callRoute(workflowRoute.DELETE, { method: 'DELETE', params: { id: workflowId }, url, as: other })).status).toBe(404)
    expect((await callRoute(workflowRoute.DELETE, { method: 'DELETE', params: { id: workflowId }, url, as: null })).status).toBe(401)
    expect((await callRoute(workflowRoute.GET, { params: { id: workflowId } })).status).toBe(200)
  })

  it('duplicates the latest version, description and settings under "Copy of …" or a given name', async () => {
    const created = await callRoute(workflowsRoute.POST, { body: { name: 'Original', description: 'Does the thing.', graph: exampleWorkflowDocument() } })
    const id = created.body.workflow.id as string
    const latest = {
      ...exampleWorkflowDocument(),
      nodes: exampleWorkflowDocument().nodes.map((node) => ({ ...node, position: { x: node.position.x, y: 99 } })),
    }
    const saved = await callRoute(versionsRoute.POST, { params: { id }, body: { graph: latest, baseVersion: created.body.version.version } })
    expect(saved.status).toBe(201)

    const copy = createdWorkflowResponseSchema.parse((await callRoute(duplicateRoute.POST, { params: { id }, body: {} })).body)
    expect(copy.workflow).toMatchObject({ name: 'Copy of Original', description: 'Does the thing.' })
    expect(copy.workflow.id).not.toBe(id)
    expect(copy.version.version).toBe(1)
    expect(copy.version.graph.nodes.every((node) => node.position.y === 99)).toBe(true)

    const named = await callRoute(duplicateRoute.POST, { params: { id }, body: { name: 'Second take' } })
    expect(named.status).toBe(201)
    expect(named.body.workflow.name).toBe('Second take')
    const tooLong = await callRoute(duplicateRoute.POST, { params: { id }, body: { name: 'x'.repeat(201) } })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) })
    const other = await app.addUser()
    expect((await callRoute(duplicateRoute.POST, { params: { id }, body: {}, as: other })).status).toBe(404)
    expect((await callRoute(duplicateRoute.POST, { params: { id }, body: {}, as: null })).status).toBe(401)
  })

  it('renames and describes; the list carries the description and how many runs each workflow has', async () => {
    const { workflowId } = await workflowWithRun('Before')
    const patched = await callRoute(workflowRoute.PATCH, {
      method: 'PATCH',
      params: { id: workflowId },
      body: { name: 'After', description: 'Now described.' },
    })
    expect(patched.status).toBe(200)
    const row = workflowListResponseSchema.parse((await callRoute(workflowsRoute.GET)).body).workflows.find((w) => w.id === workflowId)
    expect(row).toMatchObject({ name: 'After', description: 'Now described.', runCount: 1 })
    expect((await callRoute(workflowRoute.PATCH, { method: 'PATCH', params: { id: workflowId }, body: { description: 'x'.repeat(5001) } })).status).toBe(400)
  })
})
