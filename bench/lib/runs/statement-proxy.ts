/**
 * Counts the statements the app's processes send to Postgres, by statement text and process role,
 * when the server has no pg_stat_statements loaded (it needs shared_preload_libraries, i.e. a
 * restart of a shared server). The app gets a DATABASE_URL pointing at a local proxy per role
 * (statement-proxy-thread.ts); each statement's time is from the client's Sync (or simple Query)
 * to the server's ReadyForQuery, seen at the proxy, so it includes one extra loopback hop.
 */
import { Worker } from 'node:worker_threads'
import type { StatementTally } from './statement-proxy-thread'

export type StatementSnapshot = Record<string, Record<string, StatementTally>>

export interface StatementProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's for `role`. */
  urlFor(role: string, databaseUrl: string): string
  snapshot(): Promise<StatementSnapshot>
  reset(): Promise<void>
  close(): Promise<void>
}

export async function startStatementProxy(databaseUrl: string, roles: string[]): Promise<StatementProxy> {
  const target = new URL(databaseUrl)
  // The thread is TypeScript too: it loads through tsx's API (worker threads do not inherit tsx's hooks).
  const tsxApi = import.meta.resolve('tsx/esm/api')
  const entry = new URL('./statement-proxy-thread.ts', import.meta.url).href
  const worker = new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`, {
    eval: true,
    workerData: { targetHost: target.hostname, targetPort: Number(target.port || 5432), roles },
  })
  const next = (kind: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.kind !== kind) return
        worker.off('message', onMessage)
        worker.off('error', reject)
        resolve(message)
      }
      worker.on('message', onMessage)
      worker.once('error', reject)
    })
  const { ports } = (await next('ready')) as { ports: Record<string, number> }
  return {
    urlFor(role, url) {
      const proxied = new URL(url)
      proxied.hostname = '127.0.0.1'
      proxied.port = String(ports[role])
      return proxied.toString()
    },
    async snapshot() {
      const answer = next('snapshot')
      worker.postMessage({ kind: 'snapshot' })
      return (await answer).snapshot as StatementSnapshot
    },
    async reset() {
      const answer = next('reset')
      worker.postMessage({ kind: 'reset' })
      await answer
    },
    async close() {
      await worker.terminate()
    },
  }
}
