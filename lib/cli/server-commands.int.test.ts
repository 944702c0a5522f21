/**
 * The `agentloom` commands that talk to a server, against a real one: the app's route handlers
 * over HTTP in a web-host process with its own run worker, on a test database, authenticated with
 * a real API token. The commands run in this process (testing/run-agentloom.ts), the first as a child process.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { GraphDocument } from '@/lib/graph'
import { killStartedProcesses, startWebHost, type WebHostProcess } from '@/lib/server/testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '@/lib/server/testing/test-app'
import { testDatabaseServerUrl } from '@/lib/server/testing/test-database'
import { waitFor } from '@/lib/server/testing/wait-for'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { jsonLines, REPOSITORY_ROOT, runAgentloom } from './testing/run-agentloom'

// An outer limit only (a web host and command-line processes starting on a loaded machine): nothing here waits on the clock.
const SLOW = 300_000
const humanInput = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'lib', 'cli', '__fixtures__', 'human-input.json'), 'utf8')) as GraphDocument

describe('agentloom against a running server', () => {
  let app: TestApp
  let web: WebHostProcess
  let workflowId: string
  let env: Record<string, string | undefined>
  /** The run the second test starts and answers (blue): the fork test forks it. */
  let answeredRunId: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'Ask a colour', graph: humanInput })).workflow.id
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
    // The web host even when the setup failed before it had its handle.
    await killStartedProcesses()
    await app?.close()
  })

  it(
    'lists workflows with the token from the environment, or from --server and --token',
    async () => {
      const fromEnv = await runAgentloom(['--json', 'workflows', 'list'], env, { through: 'compiled' })
      expect(fromEnv.code).toBe(0)
      expect(jsonLines(fromEnv.stdout)[0]).toMatchObject({
        workflows: expect.arrayContaining([expect.objectContaining({ id: workflowId, name: 'Ask a colour' })]),
      })

      const fromFlags = await runAgentloom(['workflows', 'list', '--server', web.url, '--token', app.admin.token])
      expect(fromFlags.code).toBe(0)
      expect(fromFlags.stdout).toContain(`${workflowId}\tAsk a colour\tv1\n`)
    },
    SLOW,
  )

  it(
    'starts a run, answers the approval it opens, and follows it to its output',
    async () => {
      const started = await runAgentloom(['runs', 'start', workflowId, '--input', 'draft'], env)
      expect(started.code).toBe(0)
      const runId = started.stdout.trim()
      expect(runId).toMatch(/^[0-9a-f-]{36}$/)
      answeredRunId = runId

      // The worker parks the run on its human-input step: the approval shows up in the list.
      const approval = await waitFor(async () => {
        const listed = await runAgentloom(['--json', 'approvals', 'list', '--status', 'pending'], env)
        const { approvals } = jsonLines(listed.stdout)[0] as { approvals: ApprovalView[] }
        return approvals.find((candidate) => candidate.runId === runId)
      })
      expect(approval).toMatchObject({ kind: 'human_input', title: 'Which colour?' })

      const answered = await runAgentloom(['approvals', 'answer', approval.id, '--approve', '--text', 'blue'], env)
      expect(answered.code).toBe(0)
      expect(answered.stdout).toContain(`${approval.id}\tapproved\thuman_input\tWhich colour?`)

      const followed = await runAgentloom(['runs', 'follow', runId], env)
      expect(followed.stderr).toContain('? approval')
      expect(followed.stderr).toContain('✓ run succeeded')
      expect(followed.stdout).toBe('blue\n')
      expect(followed.code).toBe(0)

      const asJson = await runAgentloom(['--json', 'runs', 'follow', runId], env)
      expect(jsonLines(asJson.stdout).at(-1)).toMatchObject({ type: 'run_succeeded', data: { outputs: ['blue'] } })
    },
    SLOW * 3,
  )

  it(
    'forks the answered run at the superstep where it asked: the fork asks again, and ends on its own answer',
    async () => {
      const noSuch = await runAgentloom(['runs', 'fork', answeredRunId, '--at', '99'], env)
      expect(noSuch.code).toBe(2)
      expect(noSuch.stderr).toContain('has no checkpoint at superstep 99')

      const folder = await mkdtemp(join(tmpdir(), 'agentloom-fork-'))
      const outOfRange = join(folder, 'out-of-range.json')
      await writeFile(outOfRange, JSON.stringify([{ op: 'replace_message', index: 7, data: 'x' }]))
      const refused = await runAgentloom(['runs', 'fork', answeredRunId, '--at', '1', '--edit', outOfRange], env)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain('(invalid_fork_edit)')
      const unknownOp = join(folder, 'unknown-op.json')
      await writeFile(unknownOp, JSON.stringify({ edits: [{ op: 'rewrite_history' }] }))
      const invalid = await runAgentloom(['runs', 'fork', answeredRunId, '--at', '1', '--edit', unknownOp], env)
      expect(invalid.code).toBe(2)
      expect(invalid.stderr).toContain('are not valid')

      const forked = await runAgentloom(['--json', 'runs', 'fork', answeredRunId, '--at', '1'], env)
      expect(forked.code, forked.stderr).toBe(0)
      const { run, fork } = jsonLines(forked.stdout)[0] as { run: { id: string }; fork: { parentRunId: string; superstep: number } }
      expect(fork).toMatchObject({ parentRunId: answeredRunId, superstep: 1 })
      const approval = await waitFor(async () => {
        const listed = await runAgentloom(['--json', 'approvals', 'list', '--status', 'pending'], env)
        const { approvals } = jsonLines(listed.stdout)[0] as { approvals: ApprovalView[] }
        return approvals.find((candidate) => candidate.runId === run.id)
      })
      expect((await runAgentloom(['approvals', 'answer', approval.id, '--approve', '--text', 'green'], env)).code).toBe(0)
      const followed = await runAgentloom(['runs', 'follow', run.id], env)
      expect(followed.stderr).toContain(`▸ forked from run ${answeredRunId} at superstep 1`)
      expect(followed.stdout).toBe('green\n')
      expect(followed.code).toBe(0)
      await rm(folder, { recursive: true, force: true })
    },
    SLOW * 2,
  )

  it(
    'starts a debug run that pauses before the node after the start, with a pinned output read from a file',
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'agentloom-debug-'))
      const pinFile = join(folder, 'pin.json')
      await writeFile(pinFile, JSON.stringify({ colour: 'red' }))
      const started = await runAgentloom(['--json', 'runs', 'debug', workflowId, '--input', 'draft', '--break', 'ask', '--pin', `output=${pinFile}`], env)
      expect(started.code, started.stderr).toBe(0)
      const { run, url } = jsonLines(started.stdout)[0] as { run: { id: string }; url: string }
      expect(url).toBe(`${web.url}/runs/${run.id}`)
      const stored = await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { debug: true } })
      expect(stored.debug).toMatchObject({ breakpoints: [{ nodeId: 'ask', when: 'before' }], pinned: { output: { value: { colour: 'red' } } } })
      // It pauses before `ask`, right after the start: a breakpoint approval, not the human-input one.
      const paused = await waitFor(async () => {
        const [row] = await app.db.sql.query<{ status: string }>(`SELECT status FROM "Run" WHERE id = $1`, [run.id])
        const kinds = await app.db.prisma.approvalRequest.findMany({ where: { runId: run.id }, select: { kind: true } })
        return row.status === 'waiting' && kinds.length > 0 ? kinds.map((approval) => approval.kind) : undefined
      })
      expect(paused).toEqual(['breakpoint'])
      const bad = await runAgentloom(['runs', 'debug', workflowId, '--pin', 'output'], env)
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain('give nodeId=file.json')
      await rm(folder, { recursive: true, force: true })
    },
    SLOW,
  )

  it(
    "exits 2 with the server's error for a bad token or an unknown run; another person sees none of the workflows",
    async () => {
      const badToken = await runAgentloom(['workflows', 'list'], { ...env, AGENTLOOM_TOKEN: 'al_not-a-real-token' })
      expect(badToken.code).toBe(2)
      expect(badToken.stderr).toContain('(unauthenticated)')

      const unknownRun = await runAgentloom(['runs', 'follow', '00000000-0000-4000-8000-000000000000'], env)
      expect(unknownRun.code).toBe(2)
      expect(unknownRun.stderr).toContain('(not_found)')

      const other = await app.addUser()
      const denied = await runAgentloom(['workflows', 'list', '--json'], { ...env, AGENTLOOM_TOKEN: other.token })
      expect(jsonLines(denied.stdout)[0]).toEqual({ workflows: [] })
    },
    SLOW,
  )
})
