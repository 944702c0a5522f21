/**
 * Puts the live-editing endpoint on the app's own HTTP server: `next start` creates that server
 * itself, so, as raw-request-guard.ts does for 'request', this wraps `http.Server.prototype.emit`
 * for 'upgrade' and hands the upgrades of `/api/collab/<workflowId>` to the process's CollabServer.
 * Other upgrades (Next's own, in development) go on to Next as before. Installed once at server
 * start (instrumentation.ts).
 */
import http from 'node:http'
import type { Duplex } from 'node:stream'
import type { AppContext } from '../app-context'
import { pgSqlRunner } from '../db/sql'
import { allowedHostsFromEnv } from '../request-guard'
import { isCollabPath } from './collab-handshake'
import { CollabServer, refuseUpgrade, type CollabServerOptions } from './collab-server'

const INSTALLED = Symbol.for('agentloom.collab-upgrade')
/** Connections of live editing's own pool: appends are batched per document, re-checks limited (access-watch.ts). */
const COLLAB_POOL_SIZE = 4

export function installCollabUpgrade(server: () => Promise<CollabServer>): void {
  const prototype = http.Server.prototype as http.Server & { [INSTALLED]?: true }
  if (prototype[INSTALLED]) return
  prototype[INSTALLED] = true
  const emit = prototype.emit
  prototype.emit = function collabEmit(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'upgrade') {
      const [request, socket, head] = args as [http.IncomingMessage, Duplex, Buffer]
      if (isCollabPath(request.url)) {
        server()
          .then((collab) => collab.handleUpgrade(request, socket, head))
          .catch((error: unknown) => {
            console.error('[collab] the live-editing server is not available:', error)
            refuseUpgrade(socket, 503, 'service_unavailable', 'Live editing is not available right now. Try again in a moment.')
          })
        return true
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean
  } as typeof prototype.emit
}

/** A started CollabServer on the app's database, with a pool of its own. */
export async function startCollabServer(app: AppContext, options: CollabServerOptions = {}): Promise<CollabServer> {
  const pool = app.db.openPool(COLLAB_POOL_SIZE)
  const sql = pgSqlRunner(pool)
  const collab = new CollabServer(
    {
      sql,
      notifications: app.notifications,
      authenticator: { auth: app.auth, apiTokens: app.apiTokens, sessionLifetime: app.sessionLifetime, db: { sql } },
      allowedHosts: allowedHostsFromEnv(),
    },
    options,
  )
  await collab.start()
  return collab
}

const holder = globalThis as typeof globalThis & { __agentloomCollab?: Promise<CollabServer> }

/** The process's CollabServer, started on first use. */
export function processCollabServer(app: () => Promise<AppContext>): Promise<CollabServer> {
  holder.__agentloomCollab ??= app()
    .then((context) => startCollabServer(context))
    .catch((error: unknown) => {
      holder.__agentloomCollab = undefined
      throw error
    })
  return holder.__agentloomCollab
}
