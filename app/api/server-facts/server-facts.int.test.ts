/**
 * GET /api/server-facts and the run queue's refusal share lib/graph's serverFactProblems: what the
 * editor shows before a run is what POST /api/runs answers when asked to run it anyway.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serverFactsResponseSchema } from '@/lib/contracts/server-facts'
import { invalidGraphDetailsSchema } from '@/lib/contracts/workflows'
import { EXAMPLE_MCP_SERVER_ID } from '@/lib/graph'
import { graph as graphBuilder } from '@/lib/graph/testing/graph-builder'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import * as agentsRoute from '../agents/route'
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
    const saved = await callRoute(versionsRoute.POST, { params: { id }, body: { graph: graph(id), baseVersion: created.body.version?.version ?? 0 } })
    expect(saved.status).toBe(201)
    newestVersion.set(id, saved.body.version.version as number)
    return id
  }
  /** The version each workflow made here was last saved at: the base its next save names. */
  const newestVersion = new Map<string, number>()

  it('lists the MCP servers, skills and workflows a run may use, and says whether OpenAI is configured (never the key)', async () => {
    const answer = await callRoute(factsRoute.GET)
    expect(answer.status).toBe(200)
    const { facts } = serverFactsResponseSchema.parse(answer.body)
    expect(facts.mcpServerIds).toContain(EXAMPLE_MCP_SERVER_ID)
    expect(typeof facts.openAiConfigured).toBe('boolean')
    expect(facts.providersConfigured).toEqual({
      anthropic: Boolean(process.env.ANTHROPIC_API_KEY?.trim()),
      gemini: Boolean(process.env.GEMINI_API_KEY?.trim() || process.env.GOOGLE_API_KEY?.trim()),
      azure_openai: Boolean(process.env.AZURE_OPENAI_ENDPOINT?.trim() && process.env.AZURE_OPENAI_API_KEY?.trim()),
    })
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

  it('checks at a run only what its graph names, wherever it is: a file skill, a stored skill, the example MCP server', async () => {
    await app.db.prisma.skill.create({
      data: { name: 'stored-notes', description: 'Notes.', content: '---\nname: stored-notes\ndescription: Notes.\n---\nTake notes.', ownerId: app.admin.id },
    })
    const agentNaming = (skillIds: string[]) => () =>
      graphBuilder()
        .start()
        .agent('a', { skillIds, mcpServerIds: [EXAMPLE_MCP_SERVER_ID] })
        .output()
        .chain('start', 'a', 'output')
        .build()
    const named = await workflowWith('Names what is there', agentNaming(['text-tools', 'stored-notes']))
    expect((await callRoute(runsRoute.POST, { body: { workflowId: named, input: 'hi' } })).status).toBe(201)

    const missing = await workflowWith('Names a missing skill', agentNaming(['text-tools', 'no-such-skill']))
    const refused = await callRoute(runsRoute.POST, { body: { workflowId: missing, input: 'hi' } })
    expect(refused.status).toBe(400)
    const { problems } = invalidGraphDetailsSchema.parse(refused.body.error.details)
    expect(problems).toEqual([expect.objectContaining({ code: 'unknown_skill', nodeId: 'a' })])
  })

  it("follows each workflow's newest version: what a version runs is read once, a new version is read again", async () => {
    const facts = async () => serverFactsResponseSchema.parse((await callRoute(factsRoute.GET)).body).facts
    const id = await workflowWith('Grows a loop', () => graphBuilder().start().output().chain('start', 'output').build())
    expect((await facts()).workflows).toContainEqual({ id, name: 'Grows a loop', subWorkflowIds: [] })
    // Asked again with nothing saved: the same answer (from the process' memory of that version).
    expect((await facts()).workflows).toContainEqual({ id, name: 'Grows a loop', subWorkflowIds: [] })

    const looped = graphBuilder().start().node('sub', 'sub_workflow', { workflowId: id }).output().chain('start', 'sub', 'output').build()
    expect((await callRoute(versionsRoute.POST, { params: { id }, body: { graph: looped, baseVersion: newestVersion.get(id) } })).status).toBe(201)
    expect((await facts()).workflows).toContainEqual({ id, name: 'Grows a loop', subWorkflowIds: [id] })
  })

  describe('without a server key', () => {
    beforeAll(() => vi.stubEnv('OPENAI_API_KEY', ''))
    afterAll(() => vi.unstubAllEnvs())

    async function agentWith(name: string, model: Record<string, unknown>, apiKey?: string): Promise<string> {
      const created = await callRoute(agentsRoute.POST, { body: { name, definition: { model }, ...(apiKey ? { apiKey } : {}) } })
      expect(created.status).toBe(201)
      return created.body.agent.id as string
    }
    const runsSavedAgent = (agentId: string) => () =>
      graphBuilder().start().node('saved', 'agent_ref', { agentId }).output().chain('start', 'saved', 'output').build()

    it("names the saved agents' models and keys (never a key), and refuses a run of a saved agent that would need the server's key", async () => {
      const keyless = await agentWith('Keyless chat', { provider: 'openai_chat' })
      const keyed = await agentWith('Keyed chat', { provider: 'openai_chat' }, 'sk-own-agent-key-123')
      const local = await agentWith('Local chat', { provider: 'openai_chat', baseUrl: 'http://127.0.0.1:11434/v1' })

      const answer = await callRoute(factsRoute.GET)
      const { facts } = serverFactsResponseSchema.parse(answer.body)
      expect(facts.openAiConfigured).toBe(false)
      expect(JSON.stringify(answer.body)).not.toContain('sk-own-agent-key-123')
      expect(facts.savedAgents).toContainEqual({
        id: keyless,
        name: 'Keyless chat',
        hasApiKey: false,
        versions: [{ version: 1, model: { provider: 'openai_chat' } }],
      })
      expect(facts.savedAgents).toContainEqual(expect.objectContaining({ id: keyed, hasApiKey: true }))
      const other = await app.addUser()
      expect(serverFactsResponseSchema.parse((await callRoute(factsRoute.GET, { as: other })).body).facts.savedAgents).toEqual([])

      const refused = await callRoute(runsRoute.POST, {
        body: { workflowId: await workflowWith('Runs a keyless agent', runsSavedAgent(keyless)), input: 'hi' },
      })
      expect(refused.status).toBe(400)
      const { problems } = invalidGraphDetailsSchema.parse(refused.body.error.details)
      expect(problems).toEqual([expect.objectContaining({ code: 'model_not_configured', nodeId: 'saved' })])
      expect(refused.body.error.message).toContain('Saved agent "Keyless chat" (v1) uses OpenAI\'s Chat Completions API')

      for (const fine of [keyed, local]) {
        const queued = await callRoute(runsRoute.POST, { body: { workflowId: await workflowWith(`Runs ${fine}`, runsSavedAgent(fine)), input: 'hi' } })
        expect(queued.status).toBe(201)
      }
    })
  })
})
