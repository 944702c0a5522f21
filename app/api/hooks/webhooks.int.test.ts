/**
 * Webhooks end to end through their routes (issue #32): made with a secret shown once, a call with a good signature
 * starts a run that records its trigger (202 at once, or 200 with the outputs with ?wait=true), and bad, expired and
 * replayed signatures are refused; an unknown webhook answers as a bad signature; the body maps onto the declared
 * input fields (400 on a mismatch), or is the input text when none are declared; the rate limit answers 429; and the
 * management routes answer others 404 and no sign-in 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { signatureHeader } from '@/lib/server/triggers/webhook-signature'
import * as runsRoute from '../runs/route'
import * as workflowsRoute from '../workflows/route'
import * as schedulesRoute from '../workflows/[id]/schedules/route'
import * as scheduleRoute from '../workflows/[id]/schedules/[scheduleId]/route'
import * as webhooksRoute from '../workflows/[id]/webhooks/route'
import * as webhookRoute from '../workflows/[id]/webhooks/[hookId]/route'
import * as rotateRoute from '../workflows/[id]/webhooks/[hookId]/rotate/route'
import * as hookRoute from './[id]/route'

const cityGraph = graph()
  .start('start', { inputFields: [{ name: 'city', type: 'string' }] })
  .node('about', 'transform', { expression: '"Weather in " + input.city' })
  .output()
  .chain('start', 'about', 'output')
  .build() as GraphDocument

const textGraph = graph().start().node('echo', 'transform', { expression: '"Got " + input' }).output().chain('start', 'echo', 'output').build() as GraphDocument

describe('webhooks', () => {
  let app: TestApp
  let owner: TestUser
  let stranger: TestUser
  let worker: RunWorker
  let workflowId: string
  let textWorkflowId: string

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    owner = await app.addUser('member')
    stranger = await app.addUser('member')
    worker = new RunWorker(app, { concurrency: 2, pollIntervalMs: 100 })
    await worker.start()
    workflowId = (await callRoute(workflowsRoute.POST, { body: { name: 'Weather', graph: cityGraph }, as: owner })).body.workflow.id
    textWorkflowId = (await callRoute(workflowsRoute.POST, { body: { name: 'Echo', graph: textGraph }, as: owner })).body.workflow.id
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  const makeHook = async (id = workflowId, body: Record<string, unknown> = {}) => {
    const made = await callRoute(webhooksRoute.POST, { params: { id }, body, as: owner })
    expect(made.status).toBe(201)
    return made.body as { webhook: { id: string; path: string }; secret: string }
  }
  const call = (hookId: string, body: string, signature: string | undefined, query = '') =>
    callRoute(hookRoute.POST, {
      params: { id: hookId },
      url: `http://localhost/api/hooks/${hookId}${query}`,
      rawBody: body,
      headers: signature === undefined ? {} : { 'agentloom-signature': signature },
      as: null,
    })

  it('shows the secret once, never in a list, and keeps it sealed', async () => {
    const { webhook, secret } = await makeHook()
    expect(secret).toMatch(/^whsec_/)
    expect(webhook.path).toBe(`/api/hooks/${webhook.id}`)
    const listed = await callRoute(webhooksRoute.GET, { params: { id: workflowId }, as: owner })
    expect(JSON.stringify(listed.body)).not.toContain(secret)
    const stored = await app.db.prisma.workflowWebhook.findUniqueOrThrow({ where: { id: webhook.id } })
    expect(stored.secret).not.toContain(secret.slice(6))
  })

  it('starts a run for a good signature (202 with its id), recording its trigger; refuses a replay, a bad and an expired one', async () => {
    const { webhook, secret } = await makeHook()
    const body = JSON.stringify({ city: 'Lyon', sender: 'crm' })
    const signature = signatureHeader(secret, body)
    const accepted = await call(webhook.id, body, signature)
    expect(accepted.status).toBe(202)
    const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: accepted.body.runId } })
    expect(run.trigger).toEqual({ kind: 'webhook', hookId: webhook.id })
    expect(run.input).toBe('{"city":"Lyon"}')

    const replayed = await call(webhook.id, body, signature)
    expect(replayed.status).toBe(409)
    expect(replayed.body.error.code).toBe('signature_replayed')

    const bad = await call(webhook.id, body, signatureHeader('whsec_not-the-secret', body))
    expect(bad.status).toBe(401)
    const unknown = await call('00000000-0000-4000-8000-000000000000', body, signatureHeader(secret, body))
    const malformedId = await call('nope', body, signatureHeader(secret, body))
    const unsigned = await call(webhook.id, body, undefined)
    // An unsigned caller cannot tell a webhook that exists from one that does not.
    for (const answer of [unknown, malformedId, unsigned]) expect(answer).toMatchObject({ status: 401, body: bad.body })

    const expired = await call(webhook.id, body, signatureHeader(secret, body, Math.floor(Date.now() / 1000) - 6 * 60))
    expect(expired.status).toBe(401)
    expect(expired.body.error.code).toBe('signature_expired')

    const history = await callRoute(runsRoute.GET, { url: `http://localhost/api/runs?triggerId=${webhook.id}`, as: owner })
    expect(history.body.runs.map((listed: { id: string }) => listed.id)).toEqual([accepted.body.runId])
    expect(history.body.runs[0].trigger).toEqual({ kind: 'webhook', hookId: webhook.id })
    // The runs list filters by how runs started: a manual run of the workflow is not a webhook's, and the other way round.
    const manual = await callRoute(runsRoute.POST, { body: { workflowId, input: JSON.stringify({ city: 'Paris' }) }, as: owner })
    expect(manual.status).toBe(201)
    const ids = async (trigger: string) =>
      (await callRoute(runsRoute.GET, { url: `http://localhost/api/runs?workflowId=${workflowId}&trigger=${trigger}`, as: owner })).body.runs.map(
        (listed: { id: string }) => listed.id,
      )
    expect(await ids('webhook')).toContain(accepted.body.runId)
    expect(await ids('webhook')).not.toContain(manual.body.run.id)
    expect(await ids('manual')).toEqual([manual.body.run.id])
    expect(await ids('schedule')).toEqual([])
    expect((await callRoute(runsRoute.GET, { url: 'http://localhost/api/runs?trigger=cron', as: owner })).status).toBe(400)
  })

  it('waits for the output with ?wait=true', async () => {
    const { webhook, secret } = await makeHook()
    const body = JSON.stringify({ city: 'Nice' })
    const answer = await call(webhook.id, body, signatureHeader(secret, body), '?wait=true')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ status: 'succeeded', outputs: ['Weather in Nice'], error: null })
  })

  it('answers 400 for a body that does not match the declared fields, and takes the raw body as text when none are declared', async () => {
    const { webhook, secret } = await makeHook()
    for (const body of ['{"town":"Lyon"}', 'not json', '[1]']) {
      const refused = await call(webhook.id, body, signatureHeader(secret, body))
      expect(refused.status).toBe(400)
      expect(refused.body.error.code).toBe('invalid_run_input')
    }
    const text = await makeHook(textWorkflowId)
    const answer = await call(text.webhook.id, 'hello there', signatureHeader(text.secret, 'hello there'), '?wait=true')
    expect(answer.body).toMatchObject({ status: 'succeeded', outputs: ['Got hello there'] })
  })

  it('limits calls per minute (429), rotates the secret and disables the webhook', async () => {
    const { webhook, secret } = await makeHook(textWorkflowId, { rateLimitPerMinute: 2 })
    const answers = []
    for (const n of [1, 2, 3]) answers.push(await call(webhook.id, `call ${n}`, signatureHeader(secret, `call ${n}`)))
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 429])
    // The wait is in the header clients read, as in the body.
    const limited = answers[2]!
    expect(Number(limited.headers.get('retry-after'))).toBe(limited.body.error.details.retryAfterSeconds)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)

    await callRoute(webhookRoute.PATCH, { params: { id: textWorkflowId, hookId: webhook.id }, body: { rateLimitPerMinute: 100 }, as: owner })
    const rotated = await callRoute(rotateRoute.POST, { params: { id: textWorkflowId, hookId: webhook.id }, as: owner, method: 'POST' })
    expect(rotated.status).toBe(200)
    expect((await call(webhook.id, 'old', signatureHeader(secret, 'old'))).status).toBe(401)
    expect((await call(webhook.id, 'new', signatureHeader(rotated.body.secret, 'new'))).status).toBe(202)

    await callRoute(webhookRoute.PATCH, { params: { id: textWorkflowId, hookId: webhook.id }, body: { enabled: false }, as: owner })
    expect((await call(webhook.id, 'off', signatureHeader(rotated.body.secret, 'off'))).status).toBe(401)
  })

  it('management: others get 404, no sign-in 401, bad cron or time zone 400', async () => {
    const { webhook } = await makeHook()
    expect((await callRoute(webhooksRoute.GET, { params: { id: workflowId }, as: stranger })).status).toBe(404)
    expect((await callRoute(webhookRoute.GET, { params: { id: workflowId, hookId: webhook.id }, as: stranger })).status).toBe(404)
    expect((await callRoute(webhooksRoute.GET, { params: { id: workflowId }, as: null })).status).toBe(401)
    expect(
      (await callRoute(schedulesRoute.POST, { params: { id: workflowId }, body: { cron: '0 9 * * *', input: '{"city":"Lyon"}' }, as: stranger })).status,
    ).toBe(404)
    expect((await callRoute(schedulesRoute.POST, { params: { id: workflowId }, body: { cron: '0 9 * * *' }, as: null })).status).toBe(401)

    const badCron = await callRoute(schedulesRoute.POST, { params: { id: workflowId }, body: { cron: '61 * * * *', input: '{"city":"Lyon"}' }, as: owner })
    expect(badCron.status).toBe(400)
    const badZone = await callRoute(schedulesRoute.POST, {
      params: { id: workflowId },
      body: { cron: '0 9 * * *', timeZone: 'Mars/Olympus', input: '{"city":"Lyon"}' },
      as: owner,
    })
    expect(badZone.status).toBe(400)
    const badInput = await callRoute(schedulesRoute.POST, { params: { id: workflowId }, body: { cron: '0 9 * * *', input: 'Lyon' }, as: owner })
    expect(badInput.body.error.code).toBe('invalid_run_input')

    const made = await callRoute(schedulesRoute.POST, {
      params: { id: workflowId },
      body: { cron: '0 9 * * 1-5', timeZone: 'America/New_York', input: '{"city":"Boston"}' },
      as: owner,
    })
    expect(made.status).toBe(201)
    expect(made.body.schedule.nextFireTimes).toHaveLength(5)
    expect(made.body.schedule.description).toContain('Monday through Friday')
    const scheduleId = made.body.schedule.id
    expect((await callRoute(scheduleRoute.GET, { params: { id: workflowId, scheduleId }, as: stranger })).status).toBe(404)
    const paused = await callRoute(scheduleRoute.PATCH, { params: { id: workflowId, scheduleId }, body: { enabled: false }, as: owner })
    expect(paused.body.schedule).toMatchObject({ enabled: false, nextFireTimes: [] })
    expect((await callRoute(scheduleRoute.DELETE, { params: { id: workflowId, scheduleId }, as: owner, method: 'DELETE' })).status).toBe(204)
  })
})
