/**
 * A run worker: takes ready runs (run-queue.ts) into its free slots, a batch per statement, when
 * the database says runs became ready and on a slow poll; each claim is the run's lease
 * (run-lease.ts), and the worker executes it (run-executor.ts); a run that waits for people leaves
 * the worker (parked) and frees its slot. The app's other jobs (experiments, approvals, schedules)
 * come from graphile-worker, on the worker's own connection pool, so a burst of HTTP requests
 * cannot starve them.
 *
 * Alongside, once per process: one statement renews the leases of all its runs (and notices a
 * cancel missed by the notification), cancels arrive through NOTIFY at once, and lapsed leases of
 * workers that died are released so their runs resume elsewhere from their last checkpoint.
 */
import { randomUUID } from 'node:crypto'
import { run as runQueue, type Runner, type Task } from 'graphile-worker'
import { z } from 'zod'
import type { AppContext } from '../../app-context'
import { pgSqlRunner, type SqlRunner } from '../../db/sql'
import { watchTaskCancelRequests } from '../../mcp/mcp-task-cancel-watcher'
import { LeaseLostError, RUN_LEFT, WorkerShutdownError } from './run-errors'
import { endRun, executeQueuedRun } from './run-executor'
import { traceQueuedRun } from './queued-run-span'
import { claimReadyRuns, queueIfAnswered, releaseLapsedLeases, renewLeases, type ClaimedRun } from '../queue/run-lease'
import { queueLogger } from '../queue/queue-setup'
import { EXPIRE_APPROVALS_TASK, RUN_CANCEL_CHANNEL, RUN_READY_CHANNEL } from '../queue/run-queue'
import { approvalRoutingTasks } from '../../approvals/approval-routing-jobs'
import { LocalRunFeed } from '../events/local-run-feed'
import type { RunNowHost, RunNowSlot } from '../queue/run-now'
import type { RunEvent } from '@/lib/contracts/run-events'
/** A run whose lease was not renewed for this long is taken over (its worker died or froze). */
export const DEFAULT_LEASE_MS = 15_000
/** How long a run's events stay in memory after it left, for a follower that attaches late. */
const FEED_KEPT_MS = 5_000

export interface RunWorkerOptions {
  concurrency?: number
  workerId?: string
  /** How long a lease lasts without renewal; renewed every third of it. */
  leaseMs?: number
  /** How often a worker with free slots looks for ready runs and jobs besides the database's notifications (default 1 s). */
  pollIntervalMs?: number
  /** How long a run's first event waits for company before its batch is stored (run-event-writer.ts; default LINGER_MS). */
  eventLingerMs?: number
  /** The experiments' safety step (experiment-jobs.ts; default EXPERIMENT_SAFETY_STEP_MS): tests set it beyond themselves. */
  experimentSafetyStepMs?: number
}

const jobPayload = z.object({ runId: z.string().min(1) })

export class RunWorker implements RunNowHost {
  readonly workerId: string
  private readonly concurrency: number
  private readonly leaseMs: number
  private readonly pollIntervalMs: number
  private readonly eventLingerMs: number | undefined
  private readonly experimentSafetyStepMs: number | undefined
  private readonly active = new Map<string, AbortController>()
  /** Slots promised to runs being inserted claimed by this worker (run-now.ts). */
  private reserved = 0
  /** The in-memory events of the runs this worker executes (local-run-feed.ts), for readers in this process. */
  private readonly feeds = new Map<string, LocalRunFeed>()
  /** The runs executing (claimed or run now), which stop() waits for. */
  private readonly running = new Set<Promise<void>>()
  /** The claims under way; `claimWanted`: runs may have become ready since the last began, so another follows it. */
  private claiming: Promise<void> | undefined
  private claimWanted = false
  /** The last claim looked at as many ready runs as it had free slots, or runs were announced while none was free: more may wait. */
  private backlog = false
  private runner: Runner | undefined
  private sql: SqlRunner | undefined
  private timers: NodeJS.Timeout[] = []
  private unlisten: (() => void)[] = []
  private stopping = false

  constructor(
    private readonly app: AppContext,
    options: RunWorkerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000
    this.eventLingerMs = options.eventLingerMs
    this.experimentSafetyStepMs = options.experimentSafetyStepMs
    this.workerId = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`
  }

  async start(): Promise<void> {
    if (this.runner) return
    // Graphile needs a connection to fetch jobs and one to listen, beside one per running job; the claims need one.
    const pool = this.app.db.openPool(this.concurrency + 3)
    this.sql = pgSqlRunner(pool)
    this.unlisten.push(
      await this.app.notifications.listen(RUN_CANCEL_CHANNEL, (runId) => this.active.get(runId)?.abort()),
      await this.app.notifications.listen(RUN_READY_CHANNEL, () => this.takeReadyRuns()),
      // Announcements sent while the listening connection was down are lost: look.
      this.app.notifications.onReconnect(() => this.takeReadyRuns()),
    )
    this.runner = await runQueue({
      pgPool: pool,
      concurrency: this.concurrency,
      noHandleSignals: true,
      pollInterval: this.pollIntervalMs,
      logger: queueLogger,
      taskList: {
        [EXPIRE_APPROVALS_TASK]: this.expireTask,
        ...approvalRoutingTasks(this.app),
        ...this.app.workerJobs(this.app, { experimentSafetyStepMs: this.experimentSafetyStepMs }),
      },
      // Jobs are fetched (and locked) a batch at a time and completed in batches. A worker that dies
      // with jobs in its local queue leaves them locked (graphile frees such locks only after hours):
      // releaseLapsedLeases queues experiments' steps again after a lease, and the local queue hands
      // jobs back before that (ttl) when this worker cannot start them.
      preset: { worker: { localQueue: { size: Math.max(2, this.concurrency), ttl: this.leaseMs / 2 }, completeJobBatchDelay: 2, failJobBatchDelay: 2 } },
    })
    this.every(this.leaseMs / 3, () => this.renew())
    this.every(this.leaseMs / 2, () => this.releaseLapsed())
    this.every(this.pollIntervalMs, async () => {
      if (this.freeSlots() > 0) this.takeReadyRuns()
    })
    // Runs that became ready before this worker listened.
    this.takeReadyRuns()
    // The services of this process start the runs people wait for here (run-now.ts).
    this.app.localWorker ??= this
  }

  /**
   * A slot for a run to be inserted already claimed by this worker, if one is free: the runs it
   * executes (claimed or run now) and those promised count against its concurrency.
   */
  reserve(): RunNowSlot | undefined {
    if (!this.runner || this.stopping || this.freeSlots() <= 0) return undefined
    this.reserved++
    let held = true
    const free = () => {
      if (held) this.reserved--
      held = false
    }
    return {
      workerId: this.workerId,
      start: (run, first) => {
        free()
        this.track(this.runClaimed(run, first))
      },
      release: free,
    }
  }

  feedOf(runId: string): LocalRunFeed | undefined {
    return this.feeds.get(runId)
  }

  /** Executes a run inserted claimed by this worker (run-now.ts), after its first event, with the bookkeeping of a queued one. */
  async runClaimed(run: ClaimedRun, first: RunEvent): Promise<void> {
    await this.execute(run, [first], (message) => console.error(`[worker] ${message}`))
  }

  /**
   * Stops taking runs and gives the active ones `graceMs` to finish; those still going then are
   * released to the queue (another worker, or this one restarted, resumes them from their
   * checkpoint) rather than being failed.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.runner || this.stopping) return
    this.stopping = true
    if (this.app.localWorker === this) this.app.localWorker = undefined
    const grace = setTimeout(() => {
      for (const controller of this.active.values()) controller.abort(new WorkerShutdownError())
    }, graceMs)
    try {
      // A claim under way may still start runs: it is waited for before the runs are.
      await this.claiming
      await Promise.all([this.runner.stop(), ...this.running])
    } finally {
      clearTimeout(grace)
      for (const timer of this.timers) clearInterval(timer)
      for (const unlisten of this.unlisten) unlisten()
    }
  }

  private freeSlots(): number {
    return this.concurrency - this.active.size - this.reserved
  }

  /**
   * Claims ready runs into the free slots and starts them, again while runs were announced during a claim. A claim that
   * looked at as many ready runs as it had slots leaves a backlog, claimed from as runs end; one that found fewer found
   * them all, and the next ready run is announced.
   */
  private takeReadyRuns(): void {
    this.claimWanted = true
    if (this.claiming || !this.runner || this.stopping) return
    this.claiming = this.claimWhileWanted()
      .catch((error: unknown) => console.error(`[worker] could not claim ready runs (the poll tries again): ${(error as Error).message}`))
      .finally(() => {
        this.claiming = undefined
        // Announced between the loop's last look and here.
        if (this.claimWanted) this.takeReadyRuns()
      })
  }

  private async claimWhileWanted(): Promise<void> {
    while (this.claimWanted && !this.stopping) {
      this.claimWanted = false
      const free = this.freeSlots()
      if (free <= 0) {
        this.backlog = true
        return
      }
      // A run-now slot reserved while the claim is on its way is not counted against it: for a moment the worker may
      // hold a few runs more than its concurrency (their statements use the app's pool, not the worker's).
      const { runs, looked } = await claimReadyRuns(this.sql!, this.workerId, free)
      this.backlog = looked === free
      for (const run of runs) {
        this.track(this.execute(run, firstEvents(run), (message) => console.error(`[worker] ${message}`)))
        // The claim stored `run_started`: whoever follows the run hears of it (readers here find it in the feed).
        if (run.started) this.app.events.announce(run.id, this.app.events.othersFollow(run), run.checkpointSequence ?? undefined)
      }
    }
  }

  /** Keeps the run's execution for stop(), and claims from the backlog when it frees its slot. */
  private track(execution: Promise<void>): void {
    this.running.add(execution)
    void execution.finally(() => {
      this.running.delete(execution)
      if (this.backlog) this.takeReadyRuns()
    })
  }

  /**
   * Executes a run this worker holds: cancels, MCP task cancels and a crash's record around the executor. Its events
   * go to a feed for readers in this process (`first`: those stored before, by the claim or the insert), kept a little
   * after the run leaves, for a follower that attaches late.
   */
  private async execute(run: ClaimedRun, first: readonly RunEvent[], logError: (message: string) => void): Promise<void> {
    const runId = run.id
    const feed = new LocalRunFeed(first)
    this.feeds.set(runId, feed)
    const controller = new AbortController()
    this.active.set(runId, controller)
    this.app.activeRuns.set(runId, controller)
    const watchEnded = new AbortController()
    const taskCancels = watchTaskCancelRequests({ app: this.app, runId, signal: watchEnded.signal })
    try {
      await traceQueuedRun(run, () =>
        executeQueuedRun(this.app, run, {
          workerId: this.workerId,
          signal: controller.signal,
          document: this.app.versionDocuments.ofRun(run),
          feed,
          lingerMs: this.eventLingerMs,
        }),
      )
    } catch (error) {
      // The executor records every outcome itself; getting here means recording failed (the
      // database went away mid-run, say). Try once more, so the run does not stay "running".
      logError(`run ${runId} crashed: ${(error as Error).stack ?? error}`)
      const message = `The run stopped because of an internal error: ${error instanceof Error ? error.message : String(error)}`
      await endRun(this.app, runId, undefined, { status: 'failed', outputs: [], error: message }).catch((again) =>
        console.error(`[worker] could not record the failure of run ${runId}:`, again),
      )
    } finally {
      watchEnded.abort(RUN_LEFT)
      await taskCancels
      // The run may be back already: parked, answered at once while this execution was still on its way out (its tools
      // closing), and claimed again here. Its cancel handle and live tasks are then the new execution's, not ours to drop.
      if (this.active.get(runId) === controller) {
        this.app.mcpTasks.forgetRun(runId)
        this.app.activeRuns.delete(runId)
        this.active.delete(runId)
      }
      this.leave(runId, feed)
    }
  }

  /**
   * The run left this worker (ended, parked, released): its feed takes nothing more, and readers here are woken to read
   * from the log what it did not carry. It is kept a little, for a reader that attaches late, unless the run came back.
   */
  private leave(runId: string, feed: LocalRunFeed): void {
    feed.close()
    this.app.events.announce(runId, false)
    setTimeout(() => {
      if (this.feeds.get(runId) === feed) this.feeds.delete(runId)
    }, FEED_KEPT_MS).unref()
  }

  /** A parked run's approvals reached their deadline: expire them, which queues the run to go on. */
  private readonly expireTask: Task = async (payload) => {
    const { runId } = jobPayload.parse(payload)
    await this.app.approvals.expireOverdue()
    await queueIfAnswered(this.sql!, runId)
  }

  private async renew(): Promise<void> {
    // Only the runs asked about: one taken while the statement ran is not in its answer, yet ours.
    const asked = [...this.active]
    const held = await renewLeases(
      this.sql!,
      asked.map(([runId]) => runId),
      this.workerId,
    )
    for (const [runId, controller] of asked) {
      const status = held.get(runId)
      if (status === undefined) controller.abort(new LeaseLostError())
      else if (status === 'cancelled') controller.abort()
    }
  }

  private async releaseLapsed(): Promise<void> {
    const { runs, experiments } = await releaseLapsedLeases(this.sql!, this.leaseMs)
    if (runs.length) console.warn(`[worker] ${runs.length} run(s) lost their worker; queued to resume from their last checkpoint`)
    if (experiments.length) console.warn(`[worker] ${experiments.length} experiment step(s) lost their worker; queued again`)
  }

  private every(ms: number, work: () => Promise<void>): void {
    let busy = false
    const timer = setInterval(async () => {
      if (busy || this.stopping) return
      busy = true
      await work().catch((error: unknown) => console.error(`[worker] ${(error as Error).message}`))
      busy = false
    }, ms)
    timer.unref()
    this.timers.push(timer)
  }
}

/** The run's events its claim stored or read (its `run_queued` and `run_started`), which begin its feed here. */
function firstEvents(run: ClaimedRun): RunEvent[] {
  if (!run.startedAt || run.checkpointSequence === null) return []
  const started: RunEvent = { sequence: run.checkpointSequence, type: 'run_started', data: {}, createdAt: new Date(run.startedAt).toISOString() }
  if (!run.queued) return [started]
  return [{ sequence: 1, type: 'run_queued', data: run.queued.data, createdAt: new Date(run.queued.createdAt).toISOString() }, started]
}
