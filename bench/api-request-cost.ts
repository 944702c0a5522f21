/**
 * What one API request costs the web process under `next start`, with nothing else running in it (no run worker,
 * AGENTLOOM_WORKER=off): CPU per request, read from /proc before and after a batch, and latency p50 / p99, for
 *
 * - `GET /api/health`: no sign-in, one statement (`SELECT 1`): Next's own cost for a request, and the gate's;
 * - `POST /api/runs` with an API token: the token's statement, the create's insert (a version checked before).
 *
 * One request at a time from this process (fetch, keep-alive). Each kind is warmed up first: the web process's CPU per
 * request falls by a third over its first ~1,500 requests as V8 optimises Next's request path, so figures before that
 * say more about the JIT than about the app. This is the create's service time behind `bench/run-throughput.ts`'s
 * create latency (BENCHMARKS.md, "Session 32").
 *
 *   npx tsx bench/api-request-cost.ts [--requests 1000] [--warmup 1500] [--no-build] [--json]
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { quantile } from './lib/measure'
import { ApiClient } from './lib/runs/api-client'
import { baseAppEnv, cleanUpOnSignals, cpuSeconds, ensureBuild, freePort, freshPostgresDatabase, startWeb, stopProcess } from './lib/runs/app-processes'
import { fiveNodeDemoWorkflow } from './lib/runs/workflows'
import { numberFlag } from './lib/cli'

interface Cost {
  requests: number
  cpuMsPerRequest: number
  p50Ms: number
  p99Ms: number
}

/** Sends `count` requests one after another; the web process's CPU and each request's latency. */
async function measure(pid: number, count: number, send: (index: number) => Promise<void>): Promise<Cost> {
  const latencies: number[] = []
  const cpuBefore = cpuSeconds(pid)
  for (let index = 0; index < count; index++) {
    const started = performance.now()
    await send(index)
    latencies.push(performance.now() - started)
  }
  const cpuMs = (cpuSeconds(pid) - cpuBefore) * 1000
  return { requests: count, cpuMsPerRequest: cpuMs / count, p50Ms: quantile(latencies, 0.5), p99Ms: quantile(latencies, 0.99) }
}

async function expectOk(response: Response, what: string): Promise<void> {
  const text = await response.text()
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`)
}

async function main(): Promise<void> {
  const requests = numberFlag('--requests', 1000)
  const warmup = numberFlag('--warmup', 1500)
  const log = (line: string) => console.error(`[bench] ${line}`)
  cleanUpOnSignals(log)
  log(ensureBuild({ noBuild: process.argv.includes('--no-build'), log }))
  const database = await freshPostgresDatabase(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres')
  const port = await freePort()
  const email = 'bench@agentloom.test'
  const password = `bench-${randomBytes(9).toString('hex')}`
  const env = baseAppEnv(database, {
    AGENTLOOM_ADMIN_EMAIL: email,
    AGENTLOOM_ADMIN_PASSWORD: password,
    AGENTLOOM_SECRET_KEY: randomBytes(32).toString('hex'),
    AGENTLOOM_WORKER: 'off',
    PORT: String(port),
  })
  const web = await startWeb(port, { name: 'web', env, logDir: mkdtempSync(join(tmpdir(), 'agentloom-api-request-cost-')) })
  try {
    const baseUrl = `http://127.0.0.1:${port}`
    const api = new ApiClient(baseUrl)
    await api.signInWithToken(email, password)
    const workflowId = await api.createWorkflow('bench: five-node demo', fiveNodeDemoWorkflow())
    const health = async () => expectOk(await fetch(`${baseUrl}/api/health`), 'GET /api/health')
    const create = async (index: number) =>
      expectOk(
        await fetch(`${baseUrl}/api/runs`, {
          method: 'POST',
          headers: { authorization: api.authorizationHeader, 'content-type': 'application/json' },
          body: JSON.stringify({ workflowId, input: `bench run ${index}` }),
        }),
        'POST /api/runs',
      )
    await measure(web.pid, warmup, health)
    await measure(web.pid, warmup, create)
    const result = { health: await measure(web.pid, requests, health), create: await measure(web.pid, requests, create) }
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(result, null, 2))
      return
    }
    console.log(`One request at a time to \`next start\` (no run worker), after ${warmup} of each kind:`)
    for (const [name, cost] of Object.entries({ 'GET /api/health': result.health, 'POST /api/runs': result.create })) {
      console.log(
        `  ${name.padEnd(16)} web CPU ${cost.cpuMsPerRequest.toFixed(2)} ms per request; latency p50 ${cost.p50Ms.toFixed(2)} ms, p99 ${cost.p99Ms.toFixed(2)} ms`,
      )
    }
  } finally {
    await stopProcess(web)
    await database.drop()
  }
}

await main()
