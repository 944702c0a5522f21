/**
 * The live-editing server: Hocuspocus (Yjs over WebSocket) behind our handshake, access watch,
 * storage and cross-process relay. One per web process, on the process's own HTTP server
 * (collab-upgrade.ts hands it the upgrades of `/api/collab/<workflowId>`).
 *
 * What a client can rely on:
 * - the document name is the workflow id of the URL (another name is refused: permission-denied);
 * - an editor's change is stored in Postgres before the server applies it, sends it to the others and
 *   acknowledges it (the provider's unsyncedChanges reaches 0 only for stored changes);
 * - a follower (runner, viewer) is told `read-only` at authentication; its changes are not applied,
 *   not stored and answered with a failed sync status;
 * - when someone's access changes while connected they get a stateless message
 *   `{"type":"access","access":"edit"|"follow"}`; losing access closes the socket with 4403.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { Hocuspocus, type Connection } from '@hocuspocus/server'
import * as Y from 'yjs'
import { WebSocketServer, type WebSocket } from 'ws'
import { authenticate, type Authenticator } from '../auth/authenticate'
import type { PgNotifications } from '../db/pg-notifications'
import type { SqlRunner } from '../db/sql'
import { ACCESS_CHANGED_CHANNEL, AccessWatch, DEFAULT_ACCESS_CONCURRENCY, DEFAULT_ACCESS_TTL_MS, type WatchedConnection } from './access-watch'
import { baselineSecurityHeaders, securityHeaderSettingsFromEnv } from '../security-headers'
import { collabAccess, type CollabAccess } from './collab-access'
import { admitCollabUpgrade, COLLAB_PATH_PREFIX, type CollabAdmission } from './collab-handshake'
import { LiveDocumentStore } from './live-store'
import { LiveRelay } from './live-relay'
import { documentChangeOf } from './sync-message'
import { DEFAULT_COMPACT_AFTER, UpdateAppender } from './update-appender'

/** The close code of a socket whose person lost access to the workflow (the browser should not reconnect). */
export const CLOSE_FORBIDDEN = 4403
/** The largest message a client may send (a pasted workflow is well below). */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024
const LOAD_ORIGIN = Symbol('agentloom.live-load')

export interface CollabServerDeps {
  /** The statements of live editing (appends, loads, re-checks): best a pool of its own, so editing cannot starve requests. */
  sql: Pick<SqlRunner, 'query' | 'transaction'>
  notifications: PgNotifications
  authenticator: Authenticator
  allowedHosts: Set<string> | '*'
}

export interface CollabServerOptions {
  accessTtlMs?: number
  accessConcurrency?: number
  compactAfter?: number
}

interface ConnectionContext {
  admission: CollabAdmission
  watched: WatchedConnection & { connection?: Connection; socket: WebSocket; credential: Headers }
}

export class CollabServer {
  readonly hocuspocus: Hocuspocus
  readonly store: LiveDocumentStore
  readonly relay: LiveRelay
  readonly appender: UpdateAppender
  readonly access: AccessWatch
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  private stops: (() => void)[] = []

  constructor(
    private readonly deps: CollabServerDeps,
    options: CollabServerOptions = {},
  ) {
    this.store = new LiveDocumentStore(deps.sql)
    this.relay = new LiveRelay(this.store, deps.notifications)
    this.appender = new UpdateAppender(this.store, this.relay, options.compactAfter ?? DEFAULT_COMPACT_AFTER)
    this.access = new AccessWatch((watched) => this.recheck(watched as ConnectionContext['watched']), {
      ttlMs: options.accessTtlMs ?? DEFAULT_ACCESS_TTL_MS,
      concurrency: options.accessConcurrency ?? DEFAULT_ACCESS_CONCURRENCY,
    })
    this.hocuspocus = new Hocuspocus({
      name: 'agentloom-collab',
      quiet: true,
      // Every change is stored as it arrives (beforeHandleMessage): nothing is kept back for a debounced store.
      debounce: 0,
      onAuthenticate: async ({ documentName, context, connectionConfig }) => {
        const { admission } = context as ConnectionContext
        if (documentName !== admission.workflowId) throw new Error('This socket is for another workflow.')
        connectionConfig.readOnly = admission.access !== 'edit'
      },
      onLoadDocument: async ({ documentName, document }) => {
        this.relay.track(documentName, document)
        const stored = await this.store.open(documentName)
        if (!stored) {
          this.relay.untrack(documentName)
          throw new Error(`Workflow '${documentName}' not found.`)
        }
        Y.applyUpdate(document, Y.encodeStateAsUpdate(stored.doc), LOAD_ORIGIN)
        stored.doc.destroy()
        this.appender.opened(documentName, stored.pendingUpdates)
      },
      connected: async ({ context, connection }) => {
        const { watched } = context as ConnectionContext
        watched.connection = connection
        const forget = this.access.add(watched)
        watched.socket.once('close', forget)
      },
      beforeHandleMessage: async ({ context, connection, update: message, documentName }) => {
        const { watched } = context as ConnectionContext
        const access = this.access.current(watched)
        if (access === 'none') {
          watched.socket.close(CLOSE_FORBIDDEN, 'forbidden')
          throw Object.assign(new Error('forbidden'), { code: CLOSE_FORBIDDEN, reason: 'forbidden' })
        }
        connection.readOnly = access !== 'edit'
        const change = documentChangeOf(message)
        if (change && !connection.readOnly) await this.appender.append(documentName, change)
      },
      afterUnloadDocument: async ({ documentName }) => {
        this.relay.untrack(documentName)
        this.appender.closed(documentName)
      },
    })
  }

  async start(): Promise<void> {
    await this.relay.start()
    this.stops.push(await this.deps.notifications.listen(ACCESS_CHANGED_CHANNEL, (payload) => void this.access.changed(payload)))
    this.stops.push(this.deps.notifications.onReconnect(() => void this.access.recheckEverything()))
  }

  /** Answers an upgrade of `/api/collab/<workflowId>`: refused with an HTTP status, or handed to Hocuspocus. */
  async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    let admission
    try {
      admission = await admitCollabUpgrade({ url: request.url ?? '/', headers: request.headers }, this.deps)
    } catch (error) {
      console.error('[collab] the handshake failed:', error)
      admission = { ok: false as const, status: 500, code: 'internal_error', message: 'The live document cannot be opened right now.' }
    }
    if (!admission.ok) return refuseUpgrade(socket, admission.status, admission.code, admission.message)
    const admitted = admission
    this.sockets.handleUpgrade(request, socket, head, (ws) => {
      const watched: ConnectionContext['watched'] = {
        workflowId: admitted.workflowId,
        userId: admitted.principal.userId,
        access: admitted.access,
        checkedAt: Date.now(),
        socket: ws,
        credential: admitted.credential,
        apply: (access) => this.applyAccess(watched, access),
      }
      const context: ConnectionContext = { admission: admitted, watched }
      this.hocuspocus.handleConnection(ws, request, context)
    })
  }

  /** Open documents in this process. */
  get documentCount(): number {
    return this.hocuspocus.getDocumentsCount()
  }

  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) stop()
    this.relay.close()
    this.access.close()
    for (const ws of this.sockets.clients) ws.terminate()
    this.hocuspocus.closeConnections()
    this.sockets.close()
  }

  private async recheck(watched: ConnectionContext['watched']): Promise<CollabAccess> {
    const principal = await authenticate(new Request('http://collab.invalid/', { headers: watched.credential }), this.deps.authenticator)
    return principal ? collabAccess(this.deps.sql, principal, watched.workflowId) : 'none'
  }

  private applyAccess(watched: ConnectionContext['watched'], access: CollabAccess): void {
    if (access === 'none') {
      watched.socket.close(CLOSE_FORBIDDEN, 'forbidden')
      return
    }
    if (!watched.connection) return
    watched.connection.readOnly = access !== 'edit'
    watched.connection.sendStateless(JSON.stringify({ type: 'access', access }))
  }
}

/** A plain HTTP answer on the socket of a refused upgrade, in the API's error shape. */
/** Every response carries the security headers, a refused upgrade too (the raw-request guard never sees upgrades). */
const REFUSAL_HEADERS = Object.entries(baselineSecurityHeaders(securityHeaderSettingsFromEnv(), COLLAB_PATH_PREFIX))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('')

export function refuseUpgrade(socket: Duplex, status: number, code: string, message: string): void {
  const body = JSON.stringify({ error: { code, message } })
  const reason = STATUS_TEXT[status] ?? 'Error'
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\ncache-control: no-store\r\n${REFUSAL_HEADERS}\r\n${body}`,
  )
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}
