/**
 * The statement budget of the run path (issue #29): a stored run of the five-node demo workflow
 * (start → agent → transform → agent → output, the run-throughput bench's), a chat turn and a
 * `/v1/responses` request go through the real route handlers, queue, worker and event log against
 * real Postgres, and every SQL statement and commit they send is counted through the driver
 * (lib/server/testing/statement-counter.ts), not timed. The test fails when a change sends more
 * than the budget below.
 *
 * Budgets: lowering one is a one-line change here; raising one needs a reason in the commit message.
 *
 * What would make a count depend on timing is held still, so the count is the same on every
 * machine: the worker's idle poll and lease timers are set beyond the test, and a run's event
 * batches are cut only at superstep boundaries (no mid-superstep linger flush). Each case runs once
 * to warm the process (caches, LISTENs, prepared statements) and is then measured as steady state.
 * The test's own waiting uses a connection whose statements are left out of the count.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentSettingsSchema } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import { FIVE_NODE_DEMO } from '@/lib/graph/testing/five-node-demo'
import { runIdOfResponse } from '@/lib/server/responses/responses-service'
import { getAppContext } from '@/lib/server/app-assembly'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { RunService, type RunNowOption } from '@/lib/server/runs/run-service'
import {
  LOCK_EXPERIMENT_STEP_SQL,
  TRY_LOCK_EXPERIMENT_STEP_WAITER_SQL,
  UNLOCK_EXPERIMENT_STEP_SQL,
  UNLOCK_EXPERIMENT_STEP_WAITER_SQL,
  experimentStepKey,
} from '@/lib/server/runs/queue/experiment-step-queue'
import { countStatements, describeCount, type StatementCount, type StatementCounter } from '@/lib/server/testing/statement-counter'
import { callRoute, createTestApp, principalOf, type TestApp } from '@/lib/server/testing/test-app'
import { waitFor } from '@/lib/server/testing/wait-for'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { POST as createRun } from './route'
import { GET as runEvents } from './[id]/events/route'
import { POST as createConversation } from '../agents/[id]/conversations/route'
import { POST as sendMessage } from '../conversations/[id]/messages/route'
import { POST as createResponse } from '../../v1/responses/route'
import { POST as answerApproval } from '../approvals/[id]/route'
import { PUT as putApprovalRouting } from '../workspaces/[id]/approval-routing/route'
import { startRecordingHttpServer, type RecordingHttpServer } from '@/lib/server/testing/recording-http-server'
import { WorkspaceService } from '@/lib/server/workspaces/workspace-service'

/**
 * A stored run of the five-node demo workflow: POST /api/runs, the worker's claim, the run, and its events read back
 * over SSE. 12 since a create of a version this process already checked (the measured run's: the warm-up checked it)
 * is its insert alone (runs/checked-versions.ts); 10 since a queued run waits in the Run table, not as a job: the job's
 * fetch and completion are gone (the insert marks it ready, one statement claims it: runs/queue/run-queue.ts). 9 since
 * the claim hands the worker the run's `run_queued` with its `run_started`: the stream reads the run's events from the
 * first in this process's memory (its feed), none from the log. 7 since the API token's principal is kept in the
 * process until a change to it is announced (auth/api-tokens.ts, db/row-change-watch.ts): neither the create nor the
 * stream reads it again.
 */
const STORED_RUN_BUDGET = { statements: 7, commits: 7, jobFetches: 0 }
/** The same run in `exit` durability (one commit at its end): its five supersteps' batches become one. */
const STORED_EXIT_RUN_BUDGET = { statements: 4, commits: 4, jobFetches: 0 }
/**
 * A chat turn: POST /api/conversations/:id/messages (run now, in this process's worker) and its events read back. The
 * turn is inserted in one statement (the unique index on a conversation's active turn refuses a second) that also
 * reads what it starts from (its conversation and its agent's key: the turn is claimed by this process), and its
 * messages and session ride with its batches. 6 since its events are read back from the run's feed in this process
 * (run-event-cursor.ts), not from the log; 4 since the token's principal is kept (the message's and the stream's).
 */
const CHAT_TURN_BUDGET = { statements: 4, commits: 4, jobFetches: 0 }
/** POST /v1/responses, non-streaming, a new conversation. 3 since the token's principal and the agent it names are kept. */
const RESPONSES_BUDGET = { statements: 3, commits: 3, jobFetches: 0 }
/**
 * A stored run that asks a person (start → human input → output): it parks with an approval, the person answers it
 * through POST /api/approvals/:id, and the run goes on to its end. Measured with approval routing in place (the
 * approval's notification and escalation jobs are queued in the statement that opens it: 35 before routing and
 * after, nothing more when the workspace routes nothing). 34 since the decision's run status and its waiters' wake-up
 * share one statement (the wake-up follows the decision's event, so a run that ends at once keeps it). 33 since the
 * event stream's access check marks the run followed in the same statement (RunService.follow). 32 since its create is
 * its insert alone (the version was checked at the warm-up). 28 since its two takes are claims of a ready run, not
 * jobs (two fetches and two completions gone); the fetch left is graphile-worker's look for the approval's expiry. 25
 * since the token's principal is kept (the create's, the stream's and the answer's).
 */
const ASKING_RUN_BUDGET = { statements: 25, commits: 25, jobFetches: 1 }
/**
 * The same run in a workspace with a webhook and an escalation delay: the run's path is the same statements (the
 * jobs are queued in the one that opens the approval); what is more is the notification job the worker runs beside
 * it (graphile-worker fetching and completing it, and the job's one read of the approval and the routing): 3, or 2
 * when graphile-worker completes the two jobs in one statement.
 */
const ROUTED_ASKING_RUN_BUDGET = { statements: 28, commits: 28, jobFetches: 2 }
/**
 * POST /v1/responses with `store: false`: the agent answers in this process, and nothing is written. What it reads, the
 * token's principal and the agent its model names, is kept in the process once read (the warm-up read them): none.
 */
const UNSTORED_RESPONSES_BUDGET = { statements: 0, commits: 0, jobFetches: 0 }

/**
 * An experiment row's run (started as the experiment driver starts it, RunService.create with its experiment's id) next
 * to the same run that is no experiment's: statements more on the run's own path. Its end queues the experiment's step in
 * the statement that ends it, so none; the step itself (its job and its reads) is the experiment's work, not the run's.
 */
const EXPERIMENT_RUN_EXTRA_STATEMENTS = 0
/** graphile-worker's statements on its jobs table (fetches, completions), and the first statement of an experiment's step. */
const GRAPHILE_JOBS = '"graphile_worker"._private_jobs'
const STEP_READ = 'SELECT "public"."Experiment"."id"'
/** The step's own locks, on the job's connection (experiment-jobs.ts): the step's statements, not the run's. */
const STEP_LOCKS = new Set([TRY_LOCK_EXPERIMENT_STEP_WAITER_SQL, LOCK_EXPERIMENT_STEP_SQL, UNLOCK_EXPERIMENT_STEP_WAITER_SQL, UNLOCK_EXPERIMENT_STEP_SQL])

/**
 * graphile-worker's job fetch: one takes each job, and whether a worker asks once more before it idles depends on
 * when the next job's NOTIFY reaches it (on a loaded machine the asking run fetched four times, not three). So a
 * budget names the fetches it was measured with; they may be one more, and everything else is held to the rest of
 * the budget exactly.
 */
const JOB_FETCH = 'with j as ( select jobs.job_queue_id'

/**
 * graphile-worker's sweep of jobs a dead worker left locked (its resetLockedAt): on its own clock, first at a random
 * moment of the worker's first minute, then every 8 to 10 minutes, and not to be turned off. It is nobody's run's, and
 * on a slow machine it lands in a measured case: left out of every count.
 */
const QUEUE_SWEEP = 'with j as ( update "graphile_worker"._private_jobs as jobs set locked_at = null, locked_by = null'

interface Budget {
  statements: number
  commits: number
  /** Of the statements (and commits: each fetch commits on its own), graphile-worker's job fetches. */
  jobFetches: number
}

function expectWithinBudget(count: StatementCount, budget: Budget): void {
  const times = (prefix: string) => [...count.byText].filter(([text]) => text.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0)
  const fetches = times(JOB_FETCH)
  // Each an autocommit statement: a statement and a commit.
  const sweeps = times(QUEUE_SWEEP)
  const described = describeCount(count)
  expect(fetches, described).toBeLessThanOrEqual(budget.jobFetches + 1)
  expect(count.statements - sweeps - fetches, described).toBeLessThanOrEqual(budget.statements - budget.jobFetches)
  expect(count.commits - sweeps - fetches, described).toBeLessThanOrEqual(budget.commits - budget.jobFetches)
}

/** Far beyond the test: no idle poll, lease renewal, lapsed-lease sweep or secrets' freshness check runs on the clock while it counts. */
const NEVER_MS = 3_600_000

const ASKING = graph().start().node('ask', 'human_input', { prompt: 'Go on?' }).output().chain('start', 'ask', 'output').build()

describe('the run path stays within its statement budget', () => {
  let app: TestApp
  let worker: RunWorker
  let counter: StatementCounter
  /** The test's own connection for waiting: its statements are not counted. */
  let probe: pg.Client
  let workflowId: string
  let conversationId: string
  let askingWorkflowId: string
  let routedWorkflowId: string
  let receiver: RecordingHttpServer
  const counts: Record<string, StatementCount> = {}

  beforeAll(async () => {
    app = await createTestApp({ seed: false, secretStampCheckMs: NEVER_MS })
    // On the context the route handlers use, as `next start` hosts it: runs people wait for start on this worker at once.
    worker = new RunWorker(await getAppContext(), { concurrency: 2, leaseMs: NEVER_MS, pollIntervalMs: NEVER_MS, eventLingerMs: NEVER_MS })
    await worker.start()
    workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'Five-node demo', graph: FIVE_NODE_DEMO })).workflow.id
    const agent = await app.db.prisma.agent.create({ data: { name: 'Echo', ownerId: app.admin.id } })
    const definition = AgentSettingsSchema.parse({ name: 'Echo', instructions: 'Answer briefly.', model: { provider: 'demo' } })
    await app.db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition, authorId: app.admin.id } })
    const created = await callRoute(createConversation, { params: { id: agent.id }, body: { title: 'Budget' } })
    expect(created.status).toBe(201)
    conversationId = created.body.id
    const workflows = new WorkflowService(app.db.prisma)
    askingWorkflowId = (await workflows.create(principalOf(app.admin), { name: 'Asking', graph: ASKING })).workflow.id
    // A team workspace whose approvals go to a webhook (a loopback receiver) and escalate after an hour: longer than
    // approvals wait here, as when an admin shortened AGENTLOOM_APPROVAL_TIMEOUT_MS after the delay was saved (the
    // API refuses such a delay now), so the routing is read and no escalation is queued.
    receiver = await startRecordingHttpServer()
    const team = await new WorkspaceService(app).create(principalOf(app.admin), 'Routed')
    const routing = await callRoute(putApprovalRouting, { method: 'PUT', params: { id: team.id }, body: { webhookUrl: `${receiver.url}/hook` } })
    expect(routing.status).toBe(200)
    await app.db.prisma.workspaceApprovalRouting.update({ where: { workspaceId: team.id }, data: { escalationMinutes: 60 } })
    const admin = (await app.apiTokens.authenticate(app.admin.token))!
    routedWorkflowId = (await workflows.create(admin, { name: 'Asking, routed', graph: ASKING, workspaceId: team.id })).workflow.id
    probe = await app.db.connectClient()
    const [{ name }] = (await probe.query<{ name: string }>('SELECT current_database() AS name')).rows
    counter = countStatements(name)
  })

  afterAll(async () => {
    counter?.stop()
    for (const [name, count] of Object.entries(counts)) console.info(`[statement budget] ${name}: ${describeCount(count)}`)
    await probe?.end()
    await receiver?.close()
    await worker?.stop()
    await app?.close()
  })

  /** Until the run is over and this process is done with it: its worker let it go. */
  async function runLeft(runId: string): Promise<void> {
    await counter.uncounted(() =>
      waitFor(async () => {
        const { rows } = await probe.query<{ over: boolean }>(`SELECT status IN ('succeeded', 'failed', 'cancelled') AS over FROM "Run" WHERE id = $1`, [runId])
        return rows[0]?.over && !app.activeRuns.has(runId) ? true : undefined
      }),
    )
    await counter.settled()
  }

  /** Until the experiment's step that the run's end queued has run (the experiment is none, so the step does nothing). */
  async function stepDone(experimentId: string): Promise<void> {
    await counter.uncounted(() =>
      waitFor(async () => {
        const { rows } = await probe.query<{ jobs: number }>(`SELECT count(*)::int AS jobs FROM graphile_worker.jobs WHERE key = $1`, [
          experimentStepKey(experimentId),
        ])
        return rows[0]?.jobs === 0 ? true : undefined
      }),
    )
    await counter.settled()
  }

  /** The run's event stream as a browser reads it, to its end (the run is over, so it ends after the final event). */
  async function readEvents(runId: string): Promise<string> {
    const request = new Request(`http://localhost/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${app.admin.token}` } })
    const response = await runEvents(request, { params: Promise.resolve({ id: runId }) })
    expect(response.status).toBe(200)
    return response.text()
  }

  /** Runs `work` once to warm up, then once counted. */
  async function measure(name: string, work: () => Promise<void>): Promise<StatementCount> {
    await work()
    await counter.settled()
    counter.reset()
    await work()
    await counter.settled()
    counts[name] = counter.read()
    return counts[name]
  }

  it('a stored run of the five-node demo workflow', async () => {
    const count = await measure('stored run', async () => {
      const created = await callRoute(createRun, { body: { workflowId, input: 'Hello' } })
      expect(created.status).toBe(201)
      const runId: string = created.body.run.id
      await runLeft(runId)
      expect(await readEvents(runId)).toContain('run_succeeded')
    })
    expectWithinBudget(count, STORED_RUN_BUDGET)
  })

  it('a stored run of the five-node demo workflow in exit durability', async () => {
    const count = await measure('stored run, exit', async () => {
      const created = await callRoute(createRun, { body: { workflowId, input: 'Hello', durability: 'exit' } })
      expect(created.status).toBe(201)
      const runId: string = created.body.run.id
      await runLeft(runId)
      expect(await readEvents(runId)).toContain('run_succeeded')
    })
    expectWithinBudget(count, STORED_EXIT_RUN_BUDGET)
  })

  /** The run's one open approval, once the run is parked on it (no worker holds it, no job queued for it) and its routing jobs are done. */
  async function parkedOn(runId: string): Promise<string> {
    const approvalId = await counter.uncounted(() =>
      waitFor(async () => {
        const { rows } = await probe.query<{ id: string }>(
          `SELECT a.id FROM "ApprovalRequest" a JOIN "Run" r ON r.id = a."runId"
           WHERE a."runId" = $1 AND a.status = 'pending' AND r.status = 'waiting' AND r."workerId" IS NULL AND r."readyAt" IS NULL
             AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs WHERE key = 'approval-notify:' || a.id)`,
          [runId],
        )
        return rows[0]?.id
      }),
    )
    await counter.settled()
    return approvalId
  }

  /** A run of `workflowId` that parks on its question, answered through the API, to its end. */
  const askingRun = (workflowId: () => string) => async () => {
    const created = await callRoute(createRun, { body: { workflowId: workflowId(), input: 'Hello' } })
    expect(created.status).toBe(201)
    const runId: string = created.body.run.id
    const approvalId = await parkedOn(runId)
    const answered = await callRoute(answerApproval, { params: { id: approvalId }, body: { decision: 'approve', content: { text: 'yes' } } })
    expect(answered.status).toBe(200)
    await runLeft(runId)
    expect(await readEvents(runId)).toContain('run_succeeded')
  }

  it("a stored run of an experiment's row pays no statement more than another run", async () => {
    const runs = new RunService(await getAppContext())
    /** Started as the experiment driver starts a row's run (RunService.create), to its end and its experiment's step. */
    const storedRun = (options: RunNowOption) => async () => {
      const run = await runs.create(principalOf(app.admin), { workflowId, input: 'Hello' }, options)
      await runLeft(run.id)
      if (options.experimentId) await stepDone(options.experimentId)
      expect(await readEvents(run.id)).toContain('run_succeeded')
    }
    const plain = await measure('stored run, RunService', storedRun({}))
    const experiment = await measure("stored run, an experiment's row", storedRun({ experimentId: randomUUID() }))
    // The step ran (it read its experiment, found none and stopped): the wake-up was queued.
    expect(
      [...experiment.byText.keys()].some((text) => text.startsWith(STEP_READ)),
      describeCount(experiment),
    ).toBe(true)
    // What is left once the jobs' own statements (graphile fetching and completing the step's job) and the step's read and
    // locks are taken out is the run's path: the same as another run's, the wake-up riding in its ending
    // statement.
    const runPath = (count: StatementCount) =>
      [...count.byText]
        .filter(([text]) => !text.includes(GRAPHILE_JOBS) && !text.startsWith(STEP_READ) && !STEP_LOCKS.has(text))
        .reduce((sum, [, times]) => sum + times, 0)
    expect(runPath(experiment), `${describeCount(experiment)}\n${describeCount(plain)}`).toBeLessThanOrEqual(runPath(plain) + EXPERIMENT_RUN_EXTRA_STATEMENTS)
  })

  it('a stored run that asks a person, answered', async () => {
    const count = await measure(
      'asking run',
      askingRun(() => askingWorkflowId),
    )
    expectWithinBudget(count, ASKING_RUN_BUDGET)
  })

  it('the same in a workspace that routes its approvals to a webhook and escalates them', async () => {
    const before = receiver.requests.length
    const count = await measure(
      'asking run, routed',
      askingRun(() => routedWorkflowId),
    )
    // Told once per run (the warm-up's and the measured one's).
    expect(receiver.requests.length - before).toBe(2)
    expectWithinBudget(count, ROUTED_ASKING_RUN_BUDGET)
  })

  it('a chat turn', async () => {
    const count = await measure('chat turn', async () => {
      const sent = await callRoute(sendMessage, { params: { id: conversationId }, body: { text: 'Hello there' } })
      expect(sent.status).toBe(202)
      const runId: string = sent.body.runId
      await runLeft(runId)
      expect(await readEvents(runId)).toContain('run_succeeded')
    })
    expectWithinBudget(count, CHAT_TURN_BUDGET)
  })

  it('a /v1/responses request', async () => {
    const count = await measure('responses', async () => {
      const answered = await callRoute(createResponse, { url: 'http://localhost/v1/responses', body: { model: 'agent:Echo', input: 'Hello there' } })
      expect(answered.status).toBe(200)
      expect(answered.body.output_text).toBe('Demo reply: Hello there')
      await runLeft(runIdOfResponse(answered.body.id)!)
    })
    expectWithinBudget(count, RESPONSES_BUDGET)
  })

  it('a /v1/responses request with store: false', async () => {
    const stored = () =>
      probe.query<{ rows: string }>(
        `SELECT (SELECT count(*) FROM "Run") || '/' || (SELECT count(*) FROM "RunEvent") || '/' || (SELECT count(*) FROM "Conversation") || '/' || (SELECT count(*) FROM "ChatMessage") AS rows`,
      )
    const before = (await stored()).rows[0]!.rows
    const count = await measure('responses, store: false', async () => {
      const answered = await callRoute(createResponse, {
        url: 'http://localhost/v1/responses',
        body: { model: 'agent:Echo', input: 'Hello there', store: false },
      })
      expect(answered.status).toBe(200)
      expect(answered.body.output_text).toBe('Demo reply: Hello there')
    })
    // Nothing stored: no run, event, conversation or message.
    expect((await stored()).rows[0]!.rows).toBe(before)
    expectWithinBudget(count, UNSTORED_RESPONSES_BUDGET)
  })
})
