/**
 * The answers of the run, approval and share-link routes fit their contracts in lib/contracts:
 * what the components read is what the server sends. A run with an approval (answered) and a
 * share link, called through the route handlers as its owner and, for the shared view, as nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { approvalViewSchema } from '@/lib/contracts/approvals'
import { asKnownRunEvent } from '@/lib/contracts/run-events'
import { runSummarySchema, runViewSchema } from '@/lib/contracts/runs'
import { createdShareLinkSchema, sharedRunSchema, shareLinkViewSchema } from '@/lib/contracts/share-links'
import { EXAMPLE_WORKFLOW_ID } from '@/lib/server/seed'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import { GET as getApproval, POST as answerApproval } from '../approvals/[id]/route'
import { GET as listApprovals } from '../approvals/route'
import { DELETE as revokeShareLink } from '../share-links/[id]/route'
import { GET as getSharedRun } from '../share/[token]/route'
import { POST as cancelRun } from './[id]/cancel/route'
import { GET as getRun } from './[id]/route'
import { GET as listShareLinks, POST as createShareLink } from './[id]/share-links/route'
import { GET as listRuns, POST as createRun } from './route'

describe('run, approval and share-link answers', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('fit their contracts', async () => {
    const created = await callRoute(createRun, { body: { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hello' } })
    expect(created.status).toBe(201)
    const run = runSummarySchema.parse(created.body.run)
    z.object({ runs: z.array(runSummarySchema) }).parse((await callRoute(listRuns)).body)

    const waiting = app.approvals.request({
      runId: run.id,
      kind: 'human_input',
      source: 'ask',
      title: 'Go on?',
      payload: { prompt: 'Go on?' },
      timeoutMs: 60_000,
    })
    const approvalsOfRun = async () =>
      z
        .object({ approvals: z.array(approvalViewSchema) })
        .parse((await callRoute(listApprovals, { url: `http://localhost/api/approvals?runId=${run.id}` })).body).approvals
    await expect.poll(approvalsOfRun).toHaveLength(1)
    const [approval] = await approvalsOfRun()
    approvalViewSchema.parse((await callRoute(getApproval, { params: { id: approval.id } })).body.approval)
    const answered = await callRoute(answerApproval, { params: { id: approval.id }, body: { decision: 'approve', content: { text: 'yes' } } })
    expect(approvalViewSchema.parse(answered.body.approval).status).toBe('approved')
    expect((await waiting).approved).toBe(true)

    const view = runViewSchema.parse((await callRoute(getRun, { params: { id: run.id } })).body)
    expect(view.approvals).toHaveLength(1)

    const link = createdShareLinkSchema.parse((await callRoute(createShareLink, { params: { id: run.id }, body: {} })).body)
    z.object({ shareLinks: z.array(shareLinkViewSchema) }).parse((await callRoute(listShareLinks, { params: { id: run.id } })).body)
    const shared = sharedRunSchema.parse((await callRoute(getSharedRun, { params: { token: link.token }, as: null })).body)
    expect(shared.events.map((event) => event.type)).toEqual(['run_queued', 'approval_requested', 'approval_resolved'])
    expect(shared.events.filter((event) => !asKnownRunEvent(event))).toEqual([])

    runSummarySchema.parse((await callRoute(cancelRun, { params: { id: run.id }, method: 'POST' })).body.run)
    expect(
      shareLinkViewSchema.parse((await callRoute(revokeShareLink, { params: { id: link.shareLink.id }, method: 'DELETE' })).body.shareLink).revokedAt,
    ).not.toBeNull()
  })
})
