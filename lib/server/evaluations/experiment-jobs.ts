/**
 * The job-queue side of experiments: `experiment-step` runs one step (experiment-driver.ts), holding the experiment's
 * step lock on a connection of its own meanwhile, so that the steps of an experiment run one at a time and a worker's
 * death mid-step frees the next at once (experiment-step-queue.ts). What queues a step is mostly the end of a row's
 * run (experiment-step-queue.ts); a step that leaves rows under way also queues a slow safety step under the same job
 * key, which only a lost wake-up needs. Registered in the run worker's task list, as the approval-routing jobs are:
 * the steps run wherever runs run, and carry on after a restart because the queue is Postgres.
 */
import type { Task, TaskList } from 'graphile-worker'
import type { PoolClient } from 'pg'
import { z } from 'zod'
import { chatClientFor } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { ConversationService } from '../conversations/conversation-service'
import { pinnedFetch } from '../outbound/pinned-connection'
import { RunService } from '../runs/run-service'
import type { EvaluateContext } from './evaluators/evaluate'
import { stepExperiment, type ExperimentDriverDeps } from './experiment-driver'
import {
  EXPERIMENT_STEP_TASK,
  LOCK_EXPERIMENT_STEP_SQL,
  UNLOCK_EXPERIMENT_STEP_SQL,
  experimentStepKey,
  queueExperimentStepExpression,
} from './experiment-step-queue'

/**
 * The safety step after a step that leaves rows under way. Rows move on their runs' ends, not on this: it is for a
 * wake-up that never came (a run ended by a path that queues none, such as its conversation's deletion, which cancels
 * its turn), so it bounds how long such a row waits.
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
export function serverJudgeClient(app: Pick<AppContext, 'outbound'>): EvaluateContext['judgeClient'] {
  const policedFetch = pinnedFetch(app.outbound)
  return (model) => chatClientFor({ provider: model.provider, ...(model.model ? { model: model.model } : {}) }, process.env, {}, policedFetch)
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
  }
}

/** `safetyStepMs`: EXPERIMENT_SAFETY_STEP_MS but in tests, which set it beyond themselves to show rows move on their runs' ends alone. */
export function experimentTasks(app: AppContext, { safetyStepMs = EXPERIMENT_SAFETY_STEP_MS }: { safetyStepMs?: number } = {}): TaskList {
  const deps = experimentDriverDeps(app)
  const step: Task = async (payload, helpers) => {
    const { experimentId } = payloadSchema.parse(payload)
    const result = await helpers.withPgClient((client) => whileStepLocked(client, experimentId, () => stepExperiment(deps, experimentId)))
    if (result === 'continue') {
      // `preserve_run_at`: a wake-up a run's end queued during this step keeps its time (now), not the safety step's.
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
 */
export async function whileStepLocked<T>(client: PoolClient, experimentId: string, work: () => Promise<T>): Promise<T> {
  await client.query(LOCK_EXPERIMENT_STEP_SQL, [experimentId])
  try {
    return await work()
  } finally {
    await client.query(UNLOCK_EXPERIMENT_STEP_SQL, [experimentId])
  }
}
