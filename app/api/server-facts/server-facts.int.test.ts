/**
 * GET /api/server-facts and the run queue's refusal share lib/graph's serverFactProblems: what the
 * editor shows before a run is what POST /api/runs answers when asked to run it anyway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverFactsResponseSchema } from '@/lib/contracts/server-facts'
import { invalidGraphDetailsSchema } from '@/lib/contracts/workflows'
import { EXAMPLE_MCP_SERVER_ID } from '@/lib/graph'
import { graph as graphBuilder } from '@/lib/graph/testing/graph-builder'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import * as runsRoute from '../runs/route'
import * as versionsRoute from '../workflows/[id]/versions/route'
import * as workflowsRoute from '../workflows/route'
import * as factsRoute from './route'

describe('server facts', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  async function workflowWith(name: string, graph: (selfId: string) => unknown): Promise<string> {
    const created = await callRoute(workflowsRoute.POST, { body: { name } })
    const id = created.body.workflow.id as string
    const saved = await callRoute(versionsRoute.POST, { params: { id }, body: { graph: graph(id) } })
    expect(saved.status).toBe(201)
    return id
  }

  it('lists the MCP servers, skills and workflows a run may use, and says whether OpenAI is configured (never the key)', async () => {
    const answer = await callRoute(factsRoute.GET)
    expect(answer.status).toBe(200)
    const { facts } = serverFactsResponseSchema.parse(answer.body)
    expect(facts.mcpServerIds).toContain(EXAMPLE_MCP_SERVER_ID)
    expect(typeof facts.openAiConfigured).toBe('boolean')
    expect(JSON.stringify(answer.body)).not.toMatch(/sk-/)

    const other = await app.addUser()
    const theirs = serverFactsResponseSchema.parse((await callRoute(factsRoute.GET, { as: other })).body).facts
    expect(theirs.workflows).toEqual([])
    expect(theirs.mcpServerIds).not.toContain(EXAMPLE_MCP_SERVER_ID)
    expect((await callRoute(factsRoute.GET, { as: null })).status).toBe(401)
  })

  it('refuses to queue a run of a saved version that can only fail, with the problems in words', async () => {
    const ghost = await workflowWith('Uses a ghost server', () =>
      graphBuilder()
        .start()
        .agent('a', { mcpServerIds: ['ghost-server'] })
        .output()
        .chain('start', 'a', 'output')
        .build(),
    )
    const refused = await callRoute(runsRoute.POST, { body: { workflowId: ghost, input: 'hi' } })
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('invalid_graph')
    const { problems } = invalidGraphDetailsSchema.parse(refused.body.error.details)
    expect(problems).toContainEqual(expect.objectContaining({ code: 'unknown_mcp_server', nodeId: 'a' }))

    const selfish = await workflowWith('Russian doll', (selfId) =>
      graphBuilder().start().node('sub', 'sub_workflow', { workflowId: selfId }).output().chain('start', 'sub', 'output').build(),
    )
    const nested = await callRoute(runsRoute.POST, { body: { workflowId: selfish, input: 'hi' } })
    expect(nested.status).toBe(400)
    expect(nested.body.error.message).toContain('This sub-workflow runs its own workflow, "Russian doll"')

    // The facts name the workflow's sub-workflows, so the editor finds the same loop.
    const { facts } = serverFactsResponseSchema.parse((await callRoute(factsRoute.GET)).body)
    expect(facts.workflows).toContainEqual({ id: selfish, name: 'Russian doll', subWorkflowIds: [selfish] })
  })
})
