// Next.js calls register() once when the server starts: export traces when OTEL_EXPORTER_OTLP_ENDPOINT
// is set, open the database (migrations, seed), make sure someone can sign in (the first admin from
// the environment, or a printed one-time setup link), and start the run worker before the first
// request arrives. On SIGINT/SIGTERM the worker gives its runs back to the queue before the process ends (`npm start` sets
// NEXT_MANUAL_SIG_HANDLE so that Next leaves the signals to us rather than exiting first).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  // First, so that every span of this process has a provider (off unless OTEL_EXPORTER_OTLP_ENDPOINT is set).
  const { startOpenTelemetry } = await import('./lib/server/telemetry/open-telemetry')
  const stopTracing = startOpenTelemetry()
  // TRACE and malformed percent-encoding fail inside Next before proxy.ts runs: answer them below it. Under `next start`
  // the API's route handlers are served there too, without Next's pipeline (api-router.ts); `next dev` leaves them to
  // Next, which reloads a route that changed.
  const { installRawRequestGuard } = await import('./lib/server/raw-request-guard')
  if (process.env.NODE_ENV === 'production') {
    const [{ createApiRouter }, { API_ROUTE_LOADERS }] = await Promise.all([import('./lib/server/api-router'), import('./app/api/route-loaders.generated')])
    installRawRequestGuard({ apiRouter: createApiRouter(API_ROUTE_LOADERS) })
  } else installRawRequestGuard()
  // Live co-editing (issue #30): WebSocket upgrades of /api/collab/<workflowId>, on this same server.
  const { installCollabUpgrade, processCollabServer } = await import('./lib/server/collab/collab-upgrade')
  const { workerEnabled, startHostedWorker, stopHostedWorker } = await import('./lib/server/worker-host')
  const { SHUTDOWN_GRACE_MS, stopOnSignals } = await import('./lib/server/process-shutdown')
  const { getAppContext } = await import('./lib/server/app-assembly')
  const { prepareFirstAdmin, FirstAdminConfigError } = await import('./lib/server/auth/users')
  const { endBecauseDatabaseUnavailable } = await import('./lib/server/db/database-unavailable')
  const app = await getAppContext().catch(endBecauseDatabaseUnavailable)
  const { describeDatabase } = await import('./lib/server/db/database')
  console.log(`Database: ${describeDatabase()}`)
  await prepareFirstAdmin(app).catch((error: unknown) => {
    if (!(error instanceof FirstAdminConfigError)) throw error
    // A sentence for the person who set the variable, not a stack; nobody could sign in to a server that went on.
    process.stderr.write(`\n✗ Agentloom cannot create the first admin: ${error.message}\n`)
    process.exit(1)
  })
  if (workerEnabled()) await startHostedWorker()
  installCollabUpgrade(() => processCollabServer(getAppContext))
  stopOnSignals({ steps: [() => stopHostedWorker(SHUTDOWN_GRACE_MS), () => app.mcpPool.close(), ...(stopTracing ? [stopTracing] : [])] })
}
