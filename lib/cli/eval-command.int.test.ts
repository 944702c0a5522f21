/**
 * `agentloom eval` against a real server (route handlers over HTTP in a web-host process with its own run worker,
 * on a test database): the first command is a child process, as CI runs it, the others run in this process. An experiment of a demo-model workflow
 * passes its minimum score; the next version, which drops what the agent added, regresses against it and exits 1.
 */
import { writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graph } from '@/lib/graph/testing/graph-builder'
import { DatasetService } from '@/lib/server/evaluations/dataset-service'
import { RunService } from '@/lib/server/runs/run-service'
import { killStartedProcesses, startWebHost, type WebHostProcess } from '@/lib/server/testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '@/lib/server/testing/test-app'
import { testDatabaseServerUrl } from '@/lib/server/testing/test-database'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { jsonLines, runAgentloom } from './testing/run-agentloom'

// An outer limit only (a web host and command-line processes starting on a loaded machine): nothing here waits on the clock.
const SLOW = 300_000

describe('agentloom eval', () => {
  let app: TestApp
  let env: Record<string, string | undefined>
  let evaluatorFile: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    const admin = principalOf(app.admin)
    const workflows = new WorkflowService(app.db.prisma)
    const { workflow } = await workflows.create(admin, {
      name: 'Replier',
      graph: graph().start().agent('agent').output().chain('start', 'agent', 'output').build(),
    })
    await workflows.createVersion(admin, workflow.id, graph().start().output().chain('start', 'output').build(), 1, 'echo')
    const rows = Array.from({ length: 5 }, (_, i) => ({ input: `case ${i + 1}`, expected: `Demo reply: case ${i + 1}` }))
    await new DatasetService(app.db.prisma, new RunService(app)).create(admin, { name: 'Five cases', rows })
    const folder = mkdtempSync(join(tmpdir(), 'agentloom-eval-'))
    evaluatorFile = join(folder, 'evaluators.json')
    writeFileSync(
      evaluatorFile,
      JSON.stringify([{ kind: 'exact' }, { kind: 'llm_judge', name: 'judge', rubric: 'Gives the expected reply.', model: { provider: 'demo' } }]),
    )
    const [{ name }] = await app.db.sql.query<{ name: string }>(`SELECT current_database() AS name`)
    const databaseUrl = new URL(testDatabaseServerUrl())
    databaseUrl.pathname = `/${name}`
    const web: WebHostProcess = await startWebHost(
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
    'passes a version that meets the minimum score, and fails the next one that regresses against it',
    async () => {
      const first = await runAgentloom(['--json', 'eval', 'Replier@1', '--dataset', 'Five cases', '--evaluator', evaluatorFile, '--min-score', '0.9'], env, {
        through: 'compiled',
      })
      expect(first.stderr).toContain('✓ passed')
      expect(first.code).toBe(0)
      const [answer] = jsonLines(first.stdout) as [{ experiment: { id: string; status: string; aggregates: { meanScore: number } }; rows: unknown[] }]
      expect(answer.experiment).toMatchObject({ status: 'succeeded', aggregates: { meanScore: 1 } })
      expect(answer.rows).toHaveLength(5)

      const second = await runAgentloom(['eval', 'Replier', '--dataset', 'Five cases', '--evaluator', evaluatorFile, '--baseline', answer.experiment.id], env)
      expect(second.stdout).toMatch(/^#\s+trial\s+input\s+exact\s+judge\s+vs baseline$/m)
      expect(second.stdout).toMatch(/case 1\s+✗ 0\.00\s+✓ 0\.50\s+regressed/)
      expect(second.stdout).toContain('5 regressed, 0 improved, 0 same')
      expect(second.stderr).toContain(`✗ 5 row(s) regressed against ${answer.experiment.id}`)
      expect(second.code).toBe(1)

      const belowMinimum = await runAgentloom(['eval', 'Replier', '--dataset', 'Five cases', '--min-score', '0.5'], env)
      expect(belowMinimum.stderr).toContain('is below 0.5')
      expect(belowMinimum.code).toBe(1)
    },
    SLOW,
  )

  it(
    'exits 2 for a bad minimum, an unknown dataset or target, and an evaluator file the contract refuses',
    async () => {
      expect((await runAgentloom(['eval', 'Replier', '--dataset', 'Five cases', '--min-score', '2'], env)).code).toBe(2)
      const unknownDataset = await runAgentloom(['eval', 'Replier', '--dataset', 'Nope'], env)
      expect(unknownDataset.code).toBe(2)
      expect(unknownDataset.stderr).toContain("No dataset named 'Nope'")
      expect((await runAgentloom(['eval', 'Nobody', '--dataset', 'Five cases'], env)).code).toBe(2)
      const bad = join(evaluatorFile, '..', 'bad.json')
      writeFileSync(bad, JSON.stringify({ kind: 'regex', pattern: '' }))
      const refused = await runAgentloom(['eval', 'Replier', '--dataset', 'Five cases', '--evaluator', bad], env)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain('evaluator 1')
    },
    SLOW,
  )
})
