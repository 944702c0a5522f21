/**
 * A run acts with its owner's rights: the sub-workflows and stored skills its document names load
 * only when the run's owner may see them (an admin's run: all of them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import type { Principal } from '../../auth/principal'
import { skillLibrary } from '../../skills/skills-service'
import { createTestApp, principalOf, type TestApp } from '../../testing/test-app'
import { WorkflowService } from '../../workflows/workflow-service'
import { RunService } from '../run-service'
import { prepareQueuedRun } from './run-setup'
import { parseSaved } from '../../workflows/saved-document'
import { claimRun } from '../queue/run-lease'

function startThrough(node: { id: string; kind: string; data: Record<string, unknown> }): GraphDocument {
  return {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      { ...node, position: { x: 200, y: 0 } },
      { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'a', source: 'start', target: node.id },
      { id: 'b', source: node.id, target: 'output' },
    ],
  } as GraphDocument
}

const subWorkflow = (workflowId: string) => startThrough({ id: 'child', kind: 'sub_workflow', data: { workflowId } })
const agentWithSkills = (skillIds: string[]) => startThrough({ id: 'agent', kind: 'agent', data: { name: 'A', instructions: 'Help.', skillIds } })
const skillMarkdown = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\nUse it.\n`

describe('prepareQueuedRun under the run owner’s rights', () => {
  let app: TestApp
  let alice: Principal
  let bob: Principal
  let admin: Principal
  let bobsChildId: string

  async function workflowOf(owner: Principal, graph: GraphDocument): Promise<string> {
    return (await new WorkflowService(app.db.prisma).create(owner, { name: 'w', graph })).workflow.id
  }

  /**
   * Queues a run as `owner` and prepares `graph` for it as a worker would. The queue already refuses a
   * document naming what its owner may not use; the worker checks again, because a sub-workflow or skill
   * can go (or change hands) between queueing and running: so the run queued here is of a harmless workflow.
   */
  async function prepareAs(owner: Principal, graph: GraphDocument) {
    const workflowId = await workflowOf(owner, startThrough({ id: 'echo', kind: 'transform', data: { expression: 'input' } }))
    const run = await new RunService(app).create(owner, { workflowId, input: 'hi' })
    const claimed = await claimRun(app.db.sql, run.id, 'test-worker')
    const prepared = await prepareQueuedRun(
      app,
      run.id,
      parseSaved(graph, 'The test workflow'),
      { visible: claimed!.ownerScope, names: claimed!.nameOwner },
      new AbortController().signal,
    )
    await prepared.close()
    return prepared
  }

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    alice = principalOf(await app.addUser('member'))
    bob = principalOf(await app.addUser('member'))
    admin = principalOf(app.admin)
    bobsChildId = await workflowOf(bob, startThrough({ id: 'shout', kind: 'transform', data: { expression: 'input + "!"' } }))
    await skillLibrary(app).create(bob, { content: skillMarkdown('bobs-skill') })
    await skillLibrary(app).create(alice, { content: skillMarkdown('alices-skill') })
  })
  afterAll(async () => app?.close())

  it("refuses a member's run that names another member's sub-workflow, naming it", async () => {
    await expect(prepareAs(alice, subWorkflow(bobsChildId))).rejects.toMatchObject({
      code: 'missing_run_resource',
      message: expect.stringContaining(`${bobsChildId}@latest`),
    })
  })

  it('refuses a run whose sub-workflow is gone by the time a worker takes it, naming it', async () => {
    await expect(prepareAs(admin, subWorkflow('deleted-workflow'))).rejects.toMatchObject({
      code: 'missing_run_resource',
      message: expect.stringContaining('deleted-workflow@latest'),
    })
  })

  it("loads the owner's own sub-workflow, and any sub-workflow for an admin's run", async () => {
    const alicesChildId = await workflowOf(alice, startThrough({ id: 'shout', kind: 'transform', data: { expression: 'input' } }))
    await expect(prepareAs(alice, subWorkflow(alicesChildId))).resolves.toBeDefined()
    await expect(prepareAs(admin, subWorkflow(bobsChildId))).resolves.toBeDefined()
  })

  it("refuses another member's stored skill, and offers the owner's own and the installation's file skills", async () => {
    await expect(prepareAs(alice, agentWithSkills(['bobs-skill']))).rejects.toThrow(/Unknown skill 'bobs-skill'/)
    await expect(prepareAs(alice, agentWithSkills(['alices-skill', 'text-tools']))).resolves.toBeDefined()
    await expect(prepareAs(admin, agentWithSkills(['bobs-skill']))).resolves.toBeDefined()
  })
})
