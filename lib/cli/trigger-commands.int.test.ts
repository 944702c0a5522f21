/**
 * `agentloom schedules …` and `agentloom hooks …` (issue #32) against a real server (a web-host process with its own
 * run worker): a schedule made, listed with its next fire time, paused; a webhook made with its secret printed once,
 * then called over HTTP with a signature computed as the documented scheme says, starting a run that ends.
 */
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graph } from '@/lib/graph/testing/graph-builder'
import { killStartedProcesses, startWebHost, type WebHostProcess } from '@/lib/server/testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '@/lib/server/testing/test-app'
import { testDatabaseServerUrl } from '@/lib/server/testing/test-database'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { jsonLines, runAgentloom } from './testing/run-agentloom'

const SLOW = 300_000
const echo = graph().start().node('echo', 'transform', { expression: '"Got " + input' }).output().chain('start', 'echo', 'output').build()

describe('agentloom schedules and hooks against a running server', () => {
  let app: TestApp
  let web: WebHostProcess
  let workflowId: string
  let env: Record<string, string | undefined>

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'Echo', graph: echo })).workflow.id
    const [{ name }] = await app.db.sql.query<{ name: string }>(`SELECT current_database() AS name`)
    const databaseUrl = new URL(testDatabaseServerUrl())
    databaseUrl.pathname = `/${name}`
    web = await startWebHost(
      'web',
      { ...process.env, DATABASE_URL: databaseUrl.toString(), AGENTLOOM_SECRET_KEY: app.masterKey.toString('base64') },
      { worker: true },
    )
    env = { AGENTLOOM_SERVER: web.url, AGENTLOOM_TOKEN: app.admin.token }
  }, SLOW)

  afterAll(async () => {
    await killStartedProcesses()
    await app?.close()
  })

  it(
    'makes, lists and pauses a schedule',
    async () => {
      const made = await runAgentloom(['--json', 'schedules', 'create', workflowId, '0 9 * * 1-5', '--tz', 'Europe/Paris', '-i', 'morning'], env)
      expect(made.code, made.stderr).toBe(0)
      const { schedule } = jsonLines(made.stdout)[0] as { schedule: { id: string; nextFireTimes: string[]; description: string } }
      expect(schedule.nextFireTimes).toHaveLength(5)
      const listed = await runAgentloom(['schedules', 'list', workflowId], env)
      expect(listed.stdout).toContain(`${schedule.id}\t0 9 * * 1-5\tEurope/Paris\tnext `)
      const paused = await runAgentloom(['schedules', 'pause', workflowId, schedule.id], env)
      expect(paused.stdout).toContain('\tpaused\t')
      const bad = await runAgentloom(['schedules', 'create', workflowId, '0 9 * *', '--tz', 'Mars/Olympus'], env)
      expect(bad.code).toBe(2)
    },
    SLOW,
  )

  it(
    'makes a webhook whose signed call over HTTP starts a run and waits for its output',
    async () => {
      const made = await runAgentloom(['--json', 'hooks', 'create', workflowId, '--name', 'crm'], env, { through: 'compiled' })
      expect(made.code, made.stderr).toBe(0)
      const { webhook, secret } = jsonLines(made.stdout)[0] as { webhook: { id: string; path: string }; secret: string }
      const body = 'hello'
      const t = Math.floor(Date.now() / 1000)
      const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
      const response = await fetch(new URL(`${webhook.path}?wait=true`, web.url), {
        method: 'POST',
        body,
        headers: { 'agentloom-signature': `t=${t},v1=${v1}` },
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ status: 'succeeded', outputs: ['Got hello'] })
      const unsigned = await fetch(new URL(webhook.path, web.url), { method: 'POST', body })
      expect(unsigned.status).toBe(401)
      const disabled = await runAgentloom(['hooks', 'disable', workflowId, webhook.id], env)
      expect(disabled.stdout).toContain('\tdisabled\t')
    },
    SLOW,
  )
})
