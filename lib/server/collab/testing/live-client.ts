/**
 * A real live-editing client for tests and the bench: @hocuspocus/provider over the `ws` package,
 * as a browser's provider would connect (the credential as `?token=`, since a browser's WebSocket
 * cannot set headers; an Origin like a browser's, when given).
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider'
import * as decoding from 'lib0/decoding'
import WebSocket from 'ws'
import * as Y from 'yjs'

/** Hocuspocus' message type of a sync status (1: applied, 0: refused). */
const SYNC_STATUS = 8
/** The server's close code for a person who lost access (collab-server.ts). */
const CLOSE_FORBIDDEN = 4403

export interface LiveClient {
  doc: Y.Doc
  provider: HocuspocusProvider
  /** Resolves when every change made so far was acknowledged (stored) by the server. */
  acknowledged(): Promise<void>
  /** Resolves when `probe` holds for the document (checked after every change). */
  until(probe: (doc: Y.Doc) => boolean): Promise<void>
  /** Stateless messages received (JSON-parsed). */
  stateless: unknown[]
  /** Close codes of the socket (4403: access lost). */
  closes: number[]
  /** Changes the server refused to apply (a failed sync status: the client follows read-only). */
  refusals(): number
  destroy(): void
}

export interface LiveClientOptions {
  baseUrl: string
  workflowId: string
  token: string
  origin?: string
}

export async function connectLiveClient({ baseUrl, workflowId, token, origin }: LiveClientOptions): Promise<LiveClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/collab/${workflowId}?token=${encodeURIComponent(token)}`
  const Polyfill = class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, origin ? { headers: { origin } } : {})
    }
  }
  const closes: number[] = []
  const socket: HocuspocusProviderWebsocket = new HocuspocusProviderWebsocket({
    url,
    WebSocketPolyfill: Polyfill,
    maxAttempts: 1,
    onClose: ({ event }) => {
      closes.push(event.code)
      // Access lost: what a browser should do too, rather than knock again.
      if (event.code === CLOSE_FORBIDDEN) socket.shouldConnect = false
    },
  })
  const doc = new Y.Doc()
  const stateless: unknown[] = []
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: workflowId,
    document: doc,
    token: 'ticket',
    onStateless: ({ payload }) => void stateless.push(JSON.parse(payload)),
  })
  let refused = 0
  provider.on('message', ({ event }: { event: MessageEvent }) => {
    const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer))
    decoding.readVarString(decoder)
    if (decoding.readVarUint(decoder) === SYNC_STATUS && decoding.readVarInt(decoder) === 0) refused++
  })
  // A provider given its socket is not attached to it by itself.
  provider.attach()
  await new Promise<void>((resolve, reject) => {
    provider.on('synced', () => resolve())
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => reject(new Error(`authentication failed: ${reason}`)))
    socket.on('close', ({ event }: { event: { code: number } }) => reject(new Error(`closed before sync: ${event.code}`)))
  })
  const until = (probe: (doc: Y.Doc) => boolean) =>
    new Promise<void>((resolve) => {
      if (probe(doc)) return resolve()
      const check = () => {
        if (!probe(doc)) return
        doc.off('update', check)
        resolve()
      }
      doc.on('update', check)
    })
  return {
    doc,
    provider,
    stateless,
    closes,
    refusals: () => refused,
    until,
    acknowledged: () =>
      new Promise<void>((resolve) => {
        if (!provider.hasUnsyncedChanges) return resolve()
        const check = ({ number }: { number: number }) => {
          if (number !== 0) return
          provider.off('unsyncedChanges', check)
          resolve()
        }
        provider.on('unsyncedChanges', check)
      }),
    destroy() {
      provider.destroy()
      socket.destroy()
    },
  }
}
