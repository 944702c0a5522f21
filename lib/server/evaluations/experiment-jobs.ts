/**
 * The job-queue side of experiments: `experiment-step` runs one step (experiment-driver.ts), holding the experiment's
 * step lock on a connection of its own meanwhile, so that the steps of an experiment run one at a time and a worker's
 * death mid-step frees the next at once (experiment-step-queue.ts, stepWhenFree). What queues a step is mostly the end of a row's
 * run (experiment-step-queue.ts); a step that leaves rows under way also queues a slow safety step under the same job
 * key, which only a lost wake-up needs. Registered in the run worker's task list, as the approval-routing jobs are:
 * the steps run wherever runs run, and carry on after a restart because the queue is Postgres.
 */
import type { Task, TaskList } from 'graphile-worker'
import type { PoolClient } from 'pg'
import { z } from 'zod'
import type { OpenAIEnv } from '@/lib/core'
import { chatClientFor } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { ConversationService } from '../conversations/conversation-service'
import { pinnedFetch } from '../outbound/pinned-connection'
import { RunService } from '../runs/run-service'
import type { EvaluateContext } from './evaluators/evaluate'
import { DatasetVersionRows } from './dataset-version-rows'
import { stepExperiment, type ExperimentDriverDeps } from './experiment-driver'
import {
  EXPERIMENT_STEP_TASK,
  LOCK_EXPERIMENT_STEP_SQL,
  TRY_LOCK_EXPERIMENT_STEP_WAITER_SQL,
  UNLOCK_EXPERIMENT_STEP_SQL,
  UNLOCK_EXPERIMENT_STEP_WAITER_SQL,
  experimentStepKey,
  queueExperimentStepExpression,
} from '../runs/queue/experiment-step-queue'

/**
 * The safety step after a step that leaves rows under way. Rows move on their runs' ends, not on this: it is for a
 * wake-up that never came (a run ended by a path that queues none, such as its conversation's deletion, which cancels
 * its turn), so it bounds how long such a row waits. A job that leaves its step to one waiting for the lock queues it
 * too, for a wake-up lost with that job's worker.
 */
export const EXPERIMENT_SAFETY_STEP_MS = 5_000

const payloadSchema = z.object({ experimentId: z.string().min(1) })

/** SQL queuing the experiment's first step (`$1`: its id), to run inside the statement or transaction that creates it. */
export const QUEUE_EXPERIMENT_STEP_SQL = `SELECT ${queueExperimentStepExpression('$1')}`

/**
 * The judges' chat clients: the server's keys and endpoints for the provider a judge names (no base URL, no
 * credential). The outbound policy still guards the one address that is not the admin's choice: Ollama's default,
 * localhost, when the server sets no OLLAMA_BASE_URL.
 */
export function serverJudgeClient(app: Pick<AppContext, 'outbound'>, env: OpenAIEnv = process.env): EvaluateContext['judgeClient'] {
  const policedFetch = pinnedFetch(app.outbound)
  return (model) => chatClientFor({ provider: model.provider, ...(model.model ? { model: model.model } : {}) }, env, {}, policedFetch)
}

export function experimentDriverDeps(app: AppContext): ExperimentDriverDeps {
  const runs = new RunService(app)
  const conversations = new ConversationService(app)
  return {
    app,
    starter: {
      startWorkflowRun: (principal, { experimentId, ...input }) => runs.create(principal, input, { experimentId }),
      startAgentTurn: (principal, input) =>
        conversations.sendToNew(principal, input.agentId, input.text, { version: input.version, experimentId: input.experimentId }),
    },
    evaluation: { judgeClient: serverJudgeClient(app) },
    datasetRows: new DatasetVersionRows(app.db.prisma),
  }
}

/** `safetyStepMs`: EXPERIMENT_SAFETY_STEP_MS but in tests, which set it beyond themselves to show rows move on their runs' ends alone. */
export function experimentTasks(app: AppContext, { safetyStepMs = EXPERIMENT_SAFETY_STEP_MS }: { safetyStepMs?: number } = {}): TaskList {
  const deps = experimentDriverDeps(app)
  const step: Task = async (payload, helpers) => {
    const { experimentId } = payloadSchema.parse(payload)
    const result = await helpers.withPgClient((client) => stepWhenFree(client, experimentId, () => stepExperiment(deps, experimentId)))
    // Rows left under way, or a step left to the job waiting for the lock: the safety step, in case that job's worker
    // dies with the current step's. `preserve_run_at`: a wake-up queued during this step keeps its time (now).
    if (result !== 'finished') {
      await helpers.addJob(
        EXPERIMENT_STEP_TASK,
        { experimentId },
        { jobKey: experimentStepKey(experimentId), jobKeyMode: 'preserve_run_at', runAt: new Date(Date.now() + safetyStepMs), maxAttempts: 1000 },
      )
    }
  }
  return { [EXPERIMENT_STEP_TASK]: step }
}

/**
 * Runs `work` (a step of the experiment) once it holds the experiment's step lock, a session lock on `client`, which
 * no other work uses meanwhile: the step's own statements go through the app's pool. A second step of the experiment
 * waits here until the first has ended, or until its worker died and its connection with it.
 *
 * One job waits, not every wake-up that comes during a long step (judges can take seconds per row): each would hold
 * a worker's slot and a connection. A job that finds another already waiting (the waiter's lock taken) returns
 * undefined without running `work`: the waiting job's step, which begins after the current one ends, reads what this
 * job's wake-up was about.
 */
export async function stepWhenFree<T>(client: PoolClient, experimentId: string, work: () => Promise<T>): Promise<T | undefined> {
  const { rows } = await client.query<{ taken: boolean }>(TRY_LOCK_EXPERIMENT_STEP_WAITER_SQL, [experimentId])
  if (!rows[0]?.taken) return undefined
  try {
    await client.query(LOCK_EXPERIMENT_STEP_SQL, [experimentId])
  } finally {
    await client.query(UNLOCK_EXPERIMENT_STEP_WAITER_SQL, [experimentId])
  }
  try {
    return await work()
  } finally {
    await client.query(UNLOCK_EXPERIMENT_STEP_SQL, [experimentId])
  }
}
