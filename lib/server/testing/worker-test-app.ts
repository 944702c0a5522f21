/**
 * A test app with a run worker on it, for tests that take runs and conversation turns through the
 * real run path in one process: queue, worker, event log. Closing stops the worker, then the app.
 */
import { isTerminalStatus } from '@/lib/contracts/runs'
import type { Run } from '@/lib/generated/prisma/client'
import type { Principal } from '../auth/principal'
import { RunWorker } from '../runs/execution/run-worker'
import { createTestApp, principalOf, type TestApp } from './test-app'
import { waitFor } from './wait-for'

export type WorkerTestApp = TestApp & {
  worker: RunWorker
  /** A new member, as services see them. */
  addMember(): Promise<Principal>
  /** The run's row once its status is final. */
  endedRun(runId: string): Promise<Run>
}

export async function createWorkerTestApp({
  concurrency = 1,
  ...options
}: Parameters<typeof createTestApp>[0] & { concurrency?: number } = {}): Promise<WorkerTestApp> {
  const app = await createTestApp(options)
  const worker = new RunWorker(app, { concurrency })
  try {
    await worker.start()
  } catch (error) {
    await app.close()
    throw error
  }
  return {
    ...app,
    worker,
    addMember: async () => principalOf(await app.addUser('member')),
    endedRun: (runId) =>
      waitFor(async () => {
        const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
        return isTerminalStatus(run.status) ? run : undefined
      }),
    async close() {
      await worker.stop()
      await app.close()
    },
  }
}
