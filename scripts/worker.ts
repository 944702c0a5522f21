/**
 * `npm run worker`: a run worker in its own process, beside web processes (those may run with
 * AGENTLOOM_WORKER=off). It uses the Postgres at DATABASE_URL, or without it the embedded
 * PostgreSQL server of the data folder — attaching to the one a web process started, or starting
 * it itself.
 */
import { getAppContext } from '../lib/server/app-assembly'
import { startOpenTelemetry } from '../lib/server/telemetry/open-telemetry'
import { RunWorker } from '../lib/server/runs/execution/run-worker'
import { runLeaseMsFromEnv, workerConcurrencyFromEnv } from '../lib/server/worker-host'
import { SHUTDOWN_GRACE_MS, stopOnSignals } from '../lib/server/process-shutdown'

// Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set; started before the runs so that all their spans are exported.
const stopTracing = startOpenTelemetry()
const app = await getAppContext()
const worker = new RunWorker(app, { concurrency: workerConcurrencyFromEnv(), leaseMs: runLeaseMsFromEnv() })
await worker.start()
console.log(`[worker] ${worker.workerId} waiting for runs`)
// The servers runs shared are ours to end (stdio ones are our children), once no run uses them.
stopOnSignals({ steps: [() => worker.stop(SHUTDOWN_GRACE_MS), () => app.mcpPool.close(), ...(stopTracing ? [stopTracing] : [])] })
