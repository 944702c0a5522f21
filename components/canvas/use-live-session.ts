'use client'

/**
 * Editing a saved workflow live, together: connects the workflow's shared Yjs document
 * (`/api/collab/<workflowId>`, Hocuspocus; lib/server/collab) and binds the canvas store to it
 * (live-binding.ts) once it has arrived. Drafts stay local until their first save, and go live right after it (the
 * store's workflowId changes, so the effect below connects; the server seeds the document from that first version).
 *
 * - Status: connecting → connected (editing) or read-only (a runner or viewer follows); offline when the
 *   connection went (the browser went offline, the server restarted): the person keeps editing and Yjs merges
 *   on reconnect; refused when the server closed the door (access lost).
 * - The browser's own offline/online events disconnect and reconnect at once, rather than waiting for the
 *   socket to time out (a socket can stay open while the network is gone).
 * - The server may change the person's access while connected: a stateless `{"type":"access","access":"edit"|"follow"}`.
 * - A live save (use-save-version.ts) puts `{ version, savedBy }` in the document's meta map, so that everyone's
 *   "unsaved changes" compares with the new version.
 */
import { HocuspocusProvider, WebSocketStatus, type HocuspocusProviderWebsocket } from '@hocuspocus/provider'
import { createContext, useContext, useEffect, useMemo, useState } from 'react'
import type { Awareness } from 'y-protocols/awareness'
import * as Y from 'yjs'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { LIVE_META } from '@/lib/graph/live-document'
import { useCanvasStoreApi } from './CanvasStoreProvider'
import { liveIdSuffix } from './ids'
import type { LiveAwarenessState } from './live-awareness'
import { bindCanvasStoreToLiveDocument, type LiveBinding } from './live-binding'
import { colorFor } from './live-colors'

/** The signed-in person as the live session shows them to the others, and their role in the workflow's workspace. */
export interface LivePerson {
  id: string
  name: string
  /** Null when the page could not tell (the server decides anyway). */
  role: WorkspaceRole | null
}

export type LiveStatus = 'off' | 'connecting' | 'connected' | 'offline' | 'read-only' | 'refused'

export interface LiveSession {
  status: LiveStatus
  /** Null while off (a draft, or no person known). */
  awareness: Awareness | null
  person: LivePerson | null
  /** True while the canvas is bound to the live document (edits reach it; saving saves it). */
  bound: boolean
  /** Changes not yet acknowledged by the server (the leave guard asks). */
  hasUnsyncedChanges: () => boolean
  /**
   * Resolves true once the server has acknowledged every change (at once when it has), false after `timeoutMs`. Just
   * after the canvas opens, the provider's first sync counts as unacknowledged until the server answers it.
   */
  synced: (timeoutMs: number) => Promise<boolean>
  /** Tells the others a version was saved (after a live save). */
  announceSaved: (version: number, savedBy: { id: string; name: string }) => void
}

const CLOSE_FORBIDDEN = 4403
const FOLLOWER_ROLES: ReadonlySet<WorkspaceRole> = new Set(['runner', 'viewer'])
const OFF: LiveSession = {
  status: 'off',
  awareness: null,
  person: null,
  bound: false,
  hasUnsyncedChanges: () => false,
  synced: () => Promise.resolve(true),
  announceSaved: () => {},
}

export const LiveSessionContext = createContext<LiveSession>(OFF)

export function useLiveSessionContext(): LiveSession {
  return useContext(LiveSessionContext)
}

export function collabUrl(workflowId: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/collab/${encodeURIComponent(workflowId)}`
}

interface Connection {
  socket: WebSocketStatus
  synced: boolean
  everSynced: boolean
  readOnly: boolean
  refused: boolean
  browserOffline: boolean
}

/** The status the editor shows for the state of the connection. */
export function liveStatusOf(connection: Connection): LiveStatus {
  if (connection.refused) return 'refused'
  if (connection.browserOffline || (connection.everSynced && connection.socket !== WebSocketStatus.Connected)) return 'offline'
  if (!connection.everSynced) return 'connecting'
  return connection.readOnly ? 'read-only' : 'connected'
}

/** Connects the open workflow live (a saved workflow with a known person), and binds the canvas store to it. */
export function useLiveSession(workflowId: string, person: LivePerson | null): LiveSession {
  const store = useCanvasStoreApi()
  const [status, setStatus] = useState<LiveStatus>('off')
  const [bound, setBound] = useState(false)
  const [live, setLive] = useState<{ awareness: Awareness; provider: HocuspocusProvider; doc: Y.Doc } | null>(null)
  const personId = person?.id
  const personName = person?.name
  const follower = person?.role ? FOLLOWER_ROLES.has(person.role) : false

  useEffect(() => {
    if (workflowId === '' || !personId || !personName) return
    const doc = new Y.Doc()
    const provider = new HocuspocusProvider({ url: collabUrl(workflowId), name: workflowId, document: doc })
    const socket = provider.configuration.websocketProvider as HocuspocusProviderWebsocket
    const awareness = provider.awareness!
    const connection: Connection = {
      socket: socket.status,
      synced: false,
      everSynced: false,
      readOnly: follower,
      refused: false,
      browserOffline: typeof navigator !== 'undefined' && navigator.onLine === false,
    }
    let binding: LiveBinding | null = null
    const update = () => setStatus(liveStatusOf(connection))
    const local: LiveAwarenessState = { user: { id: personId, name: personName, color: colorFor(personId) }, cursor: null, selection: { nodes: [], edges: [] } }
    awareness.setLocalState(local)
    // A follower changes nothing from the first moment, before the document arrives.
    if (follower)
      store.setState({ live: { readOnly: true, idSuffix: liveIdSuffix(doc.clientID), canUndo: false, canRedo: false, undo: () => {}, redo: () => {} } })

    const setReadOnly = (readOnly: boolean) => {
      connection.readOnly = readOnly
      binding?.setReadOnly(readOnly)
      update()
    }
    provider.on('status', ({ status: socketStatus }: { status: WebSocketStatus }) => {
      connection.socket = socketStatus
      update()
    })
    provider.on('authenticated', ({ scope }: { scope: string }) => setReadOnly(scope === 'readonly' || follower))
    provider.on('authenticationFailed', () => {
      connection.refused = true
      socket.disconnect()
      update()
    })
    provider.on('close', ({ event }: { event: { code?: number } }) => {
      if (event.code !== CLOSE_FORBIDDEN) return
      connection.refused = true
      socket.disconnect()
      binding?.setReadOnly(true)
      update()
    })
    provider.on('stateless', ({ payload }: { payload: string }) => {
      const message = parseStateless(payload)
      if (message?.type === 'access') setReadOnly(message.access !== 'edit')
    })
    provider.on('synced', ({ state }: { state: boolean }) => {
      connection.synced = state
      if (state && !binding) {
        binding = bindCanvasStoreToLiveDocument(store, doc, { readOnly: connection.readOnly })
        setBound(true)
      }
      if (state) connection.everSynced = true
      update()
    })

    // Someone saved a version: "unsaved changes" now compares with it. It is the live document as the server had it
    // when they saved, which is what this canvas holds now that their news arrived (Yjs delivers in causal order).
    const meta = doc.getMap(LIVE_META)
    const onMeta = () => {
      const saved = savedOf(meta.get(SAVED_KEY))
      const state = store.getState()
      if (!saved || (state.version !== null && saved.version <= state.version)) return
      state.markSaved(saved.version, state.toDocument())
    }
    meta.observe(onMeta)

    const goOffline = () => {
      connection.browserOffline = true
      socket.disconnect()
      update()
    }
    const goOnline = () => {
      connection.browserOffline = false
      if (!connection.refused) void socket.connect()
      update()
    }
    window.addEventListener('offline', goOffline)
    window.addEventListener('online', goOnline)
    setLive({ awareness, provider, doc })
    update()

    return () => {
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', goOnline)
      meta.unobserve(onMeta)
      binding?.destroy()
      if (!binding) store.setState({ live: null })
      binding = null
      provider.destroy()
      doc.destroy()
      setLive(null)
      setBound(false)
      setStatus('off')
    }
  }, [workflowId, personId, personName, follower, store])

  return useMemo<LiveSession>(() => {
    if (!live || !person) return OFF
    return {
      status,
      awareness: live.awareness,
      person,
      bound,
      hasUnsyncedChanges: () => live.provider.hasUnsyncedChanges,
      synced: (timeoutMs) => providerSynced(live.provider, timeoutMs),
      announceSaved: (version, savedBy) => live.doc.transact(() => live.doc.getMap(LIVE_META).set(SAVED_KEY, { version, savedBy }), SAVED_ORIGIN),
    }
  }, [live, person, status, bound])
}

/** See LiveSession.synced. */
function providerSynced(provider: HocuspocusProvider, timeoutMs: number): Promise<boolean> {
  if (!provider.hasUnsyncedChanges) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (synced: boolean) => {
      clearTimeout(timer)
      provider.off('unsyncedChanges', onChange)
      resolve(synced)
    }
    const onChange = () => {
      if (!provider.hasUnsyncedChanges) done(true)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    provider.on('unsyncedChanges', onChange)
  })
}

const SAVED_KEY = 'savedVersion'
const SAVED_ORIGIN = { liveSaved: true }

function savedOf(value: unknown): { version: number } | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const version = (value as { version?: unknown }).version
  return typeof version === 'number' && Number.isInteger(version) ? { version } : undefined
}

function parseStateless(payload: string): { type: 'access'; access: string } | undefined {
  try {
    const message = JSON.parse(payload) as { type?: unknown; access?: unknown }
    return message.type === 'access' && typeof message.access === 'string' ? { type: 'access', access: message.access } : undefined
  } catch {
    return undefined
  }
}
