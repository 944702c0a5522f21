// Next.js calls register() once when the server starts: open the database (migrations, seed)
// and start the run worker before the first request arrives.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { workerEnabled, startHostedWorker } = await import('./lib/server/runs/worker-host')
  const { getAppContext } = await import('./lib/server/app-context')
  await getAppContext()
  if (workerEnabled()) await startHostedWorker()
}
