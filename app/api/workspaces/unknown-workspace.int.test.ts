/**
 * An admin may make things in any workspace, so an id that names none reaches the database: the answer is the
 * 404 of an unknown workspace, never a 500 (http-errors.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import * as agentsRoute from '../agents/route'
import * as workflowsRoute from '../workflows/route'

const NO_SUCH_WORKSPACE = '00000000-0000-4000-8000-00000000beef'

describe('making something in a workspace that does not exist', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ seed: false })
  })
  afterAll(async () => app?.close())

  it('is a 404 for an admin, for a workflow and for an agent, and stores nothing', async () => {
    const workflow = await callRoute(workflowsRoute.POST, { body: { name: 'Nowhere', workspaceId: NO_SUCH_WORKSPACE } })
    expect(workflow).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: 'That workspace does not exist.' } } })
    const agent = await callRoute(agentsRoute.POST, { body: { name: 'Nobody', workspaceId: NO_SUCH_WORKSPACE } })
    expect(agent).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await app.db.prisma.workflow.count({ where: { name: 'Nowhere' } })).toBe(0)
  })

  it('is the 404 of a workspace one cannot see for a member', async () => {
    const member = await app.addUser('member')
    const workflow = await callRoute(workflowsRoute.POST, { body: { name: 'Nowhere', workspaceId: NO_SUCH_WORKSPACE }, as: member })
    expect(workflow).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
  })
})
