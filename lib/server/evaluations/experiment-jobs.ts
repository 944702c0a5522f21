/**
 * The job-queue side of experiments: `experiment-step` runs one step (experiment-driver.ts) and, while the
 * experiment has rows left, queues the next step a moment later under the same job key, so one step per
 * experiment is queued at a time. Registered in the run worker's task list, as the approval-routing jobs are: the
 * steps run wherever runs run, and carry on after a restart because the queue is Postgres.
 */
import type { Task, TaskList } from 'graphile-worker'
import { z } from 'zod'
import { chatClientFor } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { ConversationService } from '../conversations/conversation-service'
import { RunService } from '../runs/run-service'
import type { EvaluateContext } from './evaluators/evaluate'
import { stepExperiment, type ExperimentDriverDeps } from './experiment-driver'

export const EXPERIMENT_STEP_TASK = 'experiment-step'
/** Between steps of an experiment with runs under way: a row is scored within about this long of its run ending. */
export const EXPERIMENT_STEP_DELAY_MS = 500

const payloadSchema = z.object({ experimentId: z.string().min(1) })

/** SQL queuing the experiment's next step (`$1`: its id), to run inside the statement or transaction that creates it. */
export const QUEUE_EXPERIMENT_STEP_SQL = `SELECT graphile_worker.add_job('${EXPERIMENT_STEP_TASK}', json_build_object('experimentId', $1::text), job_key => 'experiment:' || $1::text, max_attempts => 1000)`

/** The judges' chat clients: the server's model settings, as an agent node's (no base URL: judges use the server's endpoint or the demo model). */
export const serverJudgeClient: EvaluateContext['judgeClient'] = (model) =>
  chatClientFor({ provider: model.provider, ...(model.model ? { model: model.model } : {}) })

export function experimentDriverDeps(app: AppContext): ExperimentDriverDeps {
  const runs = new RunService(app)
  const conversations = new ConversationService(app)
  return {
    app,
    starter: {
      startWorkflowRun: (principal, input) => runs.create(principal, input),
      startAgentTurn: (principal, input) => conversations.sendToNew(principal, input.agentId, input.text, { version: input.version }),
    },
    evaluation: { judgeClient: serverJudgeClient },
  }
}

export function experimentTasks(app: AppContext): TaskList {
  const deps = experimentDriverDeps(app)
  const step: Task = async (payload, helpers) => {
    const { experimentId } = payloadSchema.parse(payload)
    if ((await stepExperiment(deps, experimentId)) === 'continue') {
      await helpers.addJob(
        EXPERIMENT_STEP_TASK,
        { experimentId },
        { jobKey: `experiment:${experimentId}`, runAt: new Date(Date.now() + EXPERIMENT_STEP_DELAY_MS), maxAttempts: 1000 },
      )
    }
  }
  return { [EXPERIMENT_STEP_TASK]: step }
}
