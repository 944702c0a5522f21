/**
 * `npm run worker`: a run worker in its own process, for deployments with a shared Postgres
 * (DATABASE_URL) whose web processes run with AGENTLOOM_WORKER=off.
 */
import { getAppContext } from '../lib/server/app-context'
import { RunWorker } from '../lib/server/runs/run-worker'
import { workerConcurrencyFromEnv } from '../lib/server/runs/worker-host'

if (!process.env.DATABASE_URL) {
  console.error('A separate worker needs a shared Postgres: set DATABASE_URL. (The embedded database serves one process; its web process runs a worker itself.)')
  process.exit(2)
}
const worker = new RunWorker(await getAppContext(), { concurrency: workerConcurrencyFromEnv() })
worker.start()
console.log(`[worker] ${worker.workerId} waiting for runs`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await worker.stop()
    process.exit(0)
  })
}
