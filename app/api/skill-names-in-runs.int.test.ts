/**
 * A skill name in a workflow means the skill of the workflow's owner, also when an admin runs it:
 * another member's skill of the same name, made earlier, is never the one loaded. A real run through
 * the worker; the demo model calls `load_skill` (approved by the run's owner), whose answer (the skill's text) is the run's output.
 */
import { graph } from '@/lib/graph/testing/graph-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, principalOf, type TestUser } from '@/lib/server/testing/test-app'
import { waitFor } from '@/lib/server/testing/wait-for'
import { createWorkerTestApp, type WorkerTestApp } from '@/lib/server/testing/worker-test-app'
import * as runsRoute from './runs/route'
import * as skillsRoute from './skills/route'
import * as workflowsRoute from './workflows/route'

const skill = (name: string, body: string) => `---\nname: ${name}\ndescription: ${body}\n---\n\n${body}\n`

describe('skill names in runs', () => {
  let app: WorkerTestApp
  let alice: TestUser
  let bob: TestUser
  let admin: TestUser

  beforeAll(async () => {
    app = await createWorkerTestApp()
    alice = await app.addUser('member')
    bob = await app.addUser('member')
    admin = await app.addUser('admin')
  })
  afterAll(async () => app?.close())

  async function ok<T = any>(status: number, response: Promise<{ status: number; body: T }>): Promise<T> {
    const answered = await response
    expect(answered.status, JSON.stringify(answered.body)).toBe(status)
    return answered.body
  }

  it("loads the workflow owner's skill when an admin runs it, not an earlier one of the same name", { timeout: 120_000 }, async () => {
    // Bob's first: the earliest made of that name.
    await ok(201, callRoute(skillsRoute.POST, { as: bob, body: { content: skill('house-tone', 'Bob tone body.') } }))
    await ok(201, callRoute(skillsRoute.POST, { as: alice, body: { content: skill('house-tone', 'Alice tone body.') } }))
    const document = graph()
      .start()
      .agent('agent', { name: 'Writer', instructions: 'Write.', skillIds: ['house-tone'], toolApprovalMode: 'never_require' })
      .output()
      .chain('start', 'agent', 'output')
      .build()
    const created = await ok(201, callRoute(workflowsRoute.POST, { as: alice, body: { name: 'toned', graph: document } }))
    const workflowId: string = created.workflow?.id ?? created.id

    for (const as of [alice, admin]) {
      const started = await ok(201, callRoute(runsRoute.POST, { as, body: { workflowId, input: '/call load_skill {"skill_name":"house-tone"}' } }))
      const runId: string = started.run?.id ?? started.id
      // Loading a skill asks the run's owner first (skill approvals stay on).
      const asked = await waitFor(async () => (await app.approvals.list(principalOf(as), { status: 'pending', runId }))[0])
      await app.approvals.answer(principalOf(as), asked.id, { decision: 'approve' })
      const run = await app.endedRun(runId)
      expect(run.status, run.error ?? '').toBe('succeeded')
      expect(JSON.stringify(run.outputs)).toContain('Alice tone body.')
      expect(JSON.stringify(run.outputs)).not.toContain('Bob tone body.')
    }
  })
})
