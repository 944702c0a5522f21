'use client'

/**
 * The others in a live session, as a team that lives in Figma expects them: their avatars in the toolbar,
 * their pointers with their names on the canvas, and the nodes they selected outlined in their colour. And
 * this person's own presence, sent to the others: the pointer at most once per animation frame, the
 * selection when it changes.
 */
import { useInternalNode, useReactFlow, useStore, ViewportPortal, type ReactFlowState } from '@xyflow/react'
import { useEffect, useState, type RefObject } from 'react'
import type { Awareness } from 'y-protocols/awareness'
import { useCanvasStoreApi } from './CanvasStoreProvider'
import type { CanvasEdge, CanvasNode } from './adapter'
import { peersOf, peoplePresent, sameSelection, type LiveAwarenessState, type LivePeer } from './live-awareness'
import { initialsOf } from './live-colors'
import { useLiveSessionContext, type LiveStatus } from './use-live-session'
import { useEditorAccess } from './EditorWorkspaceProvider'

/** The others' states, kept current (awareness `change`: only when someone's state really changed). */
function usePeers(awareness: Awareness | null): LivePeer[] {
  const [peers, setPeers] = useState<LivePeer[]>([])
  useEffect(() => {
    if (!awareness) return
    const read = () => setPeers(peersOf(awareness.getStates(), awareness.clientID))
    read()
    awareness.on('change', read)
    return () => {
      awareness.off('change', read)
      setPeers([])
    }
  }, [awareness])
  return peers
}

/** The avatars of the others editing or following this workflow now. */
export function LiveAvatars() {
  const { awareness, person, status } = useLiveSessionContext()
  const people = peoplePresent(usePeers(awareness), person?.id)
  if (status === 'off' || people.length === 0) return null
  return (
    <ul data-testid="live-avatars" aria-label="Also here" className="flex items-center -space-x-1.5">
      {people.map((peer) => (
        <li
          key={peer.user.id}
          data-testid="live-avatar"
          data-name={peer.user.name}
          title={peer.user.name}
          aria-label={peer.user.name}
          className="flex h-7 w-7 items-center justify-center rounded-full border-2 border-white text-[10px] font-semibold text-white"
          style={{ backgroundColor: peer.user.color }}
        >
          {initialsOf(peer.user.name)}
        </li>
      ))}
    </ul>
  )
}

const ROLE_NAMES: Record<string, string> = { runner: 'a runner', viewer: 'a viewer' }

/** One line under the toolbar when live editing needs saying: offline, following read-only, or closed. */
export function LiveStatusBanner() {
  const { status, person } = useLiveSessionContext()
  const access = useEditorAccess()
  const text = bannerText(status, person?.role ?? null)
  // A runner or viewer already reads what their role allows (EditorAccessBanner); one line says it, not two.
  if (!text || (status === 'read-only' && access.readOnly)) return null
  return (
    <p
      role="status"
      data-testid="live-status-banner"
      data-status={status}
      className={
        status === 'read-only'
          ? 'border-b border-sky-200 bg-sky-50 px-3 py-1.5 text-xs text-sky-900'
          : 'border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900'
      }
    >
      {text}
    </p>
  )
}

export function bannerText(status: LiveStatus, role: string | null): string | undefined {
  switch (status) {
    case 'offline':
      return 'Offline — your changes will merge when you reconnect.'
    case 'read-only':
      return `You are following live as ${ROLE_NAMES[role ?? ''] ?? 'someone who cannot edit this workflow'}: you see every change, but cannot edit.`
    case 'refused':
      return 'Live editing is closed to you now (your access changed). Reload the page to see the workflow as it is.'
    default:
      return undefined
  }
}

/** The dot in the toolbar that says whether the canvas is live. */
export function LiveIndicator() {
  const { status } = useLiveSessionContext()
  if (status === 'off') return null
  const label = { connecting: 'Connecting…', connected: 'Live', offline: 'Offline', 'read-only': 'Following live', refused: 'Not live' }[status]
  const dot = status === 'connected' || status === 'read-only' ? 'bg-emerald-500' : status === 'connecting' ? 'bg-zinc-300' : 'bg-amber-500'
  return (
    <span data-testid="live-indicator" data-status={status} className="flex items-center gap-1.5 text-xs text-zinc-500">
      <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${dot}`} />
      {label}
    </span>
  )
}

const zoomOf = (state: ReactFlowState) => state.transform[2]

/** Inside <ReactFlow>: the others' pointers and selections, in flow coordinates (pan and zoom move them with the canvas). */
export function LiveCursors() {
  const { awareness } = useLiveSessionContext()
  const peers = usePeers(awareness)
  const zoom = useStore(zoomOf)
  if (peers.length === 0) return null
  return (
    <ViewportPortal>
      {peers.flatMap((peer) =>
        peer.selection.nodes.slice(0, 200).map((nodeId) => <RemoteSelection key={`${peer.clientId}:${nodeId}`} nodeId={nodeId} peer={peer} />),
      )}
      {peers.map((peer) =>
        peer.cursor ? (
          <div
            key={peer.clientId}
            data-testid="live-cursor"
            data-name={peer.user.name}
            className="pointer-events-none absolute top-0 left-0 z-[1001]"
            // The pointer keeps its size at any zoom, as in drawing tools.
            style={{ transform: `translate(${peer.cursor.x}px, ${peer.cursor.y}px) scale(${1 / zoom})`, transformOrigin: '0 0' }}
          >
            <svg width="16" height="20" viewBox="0 0 16 20" aria-hidden>
              <path d="M1 1 L1 16 L5 12 L8 19 L11 18 L8 11 L14 11 Z" fill={peer.user.color} stroke="white" strokeWidth="1.5" />
            </svg>
            <span className="ml-3 rounded px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-white" style={{ backgroundColor: peer.user.color }}>
              {peer.user.name}
            </span>
          </div>
        ) : null,
      )}
    </ViewportPortal>
  )
}

function RemoteSelection({ nodeId, peer }: { nodeId: string; peer: LivePeer }) {
  const node = useInternalNode<CanvasNode>(nodeId)
  if (!node || node.hidden) return null
  const { x, y } = node.internals.positionAbsolute
  const width = node.measured.width ?? 0
  const height = node.measured.height ?? 0
  return (
    <div
      data-testid="live-selection"
      data-node-id={nodeId}
      data-name={peer.user.name}
      className="pointer-events-none absolute top-0 left-0 z-[1000] rounded-lg"
      style={{ transform: `translate(${x - 4}px, ${y - 4}px)`, width: width + 8, height: height + 8, boxShadow: `0 0 0 2px ${peer.user.color}` }}
    />
  )
}

/**
 * Sends this person's pointer (flow coordinates, at most once per animation frame) and selection to the others.
 * `canvasRef`: the element around the React Flow surface.
 */
export function useLivePresencePublisher(canvasRef: RefObject<HTMLElement | null>): void {
  const { awareness } = useLiveSessionContext()
  const store = useCanvasStoreApi()
  const { screenToFlowPosition } = useReactFlow<CanvasNode, CanvasEdge>()

  useEffect(() => {
    const element = canvasRef.current
    if (!awareness || !element) return
    let frame = 0
    let pending: { x: number; y: number } | null = null
    const send = () => {
      frame = 0
      awareness.setLocalStateField('cursor', pending)
    }
    const schedule = (cursor: { x: number; y: number } | null) => {
      pending = cursor
      if (!frame) frame = requestAnimationFrame(send)
    }
    const onMove = (event: PointerEvent) => schedule(screenToFlowPosition({ x: event.clientX, y: event.clientY }))
    const onLeave = () => schedule(null)
    element.addEventListener('pointermove', onMove)
    element.addEventListener('pointerleave', onLeave)
    return () => {
      element.removeEventListener('pointermove', onMove)
      element.removeEventListener('pointerleave', onLeave)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [awareness, canvasRef, screenToFlowPosition])

  useEffect(() => {
    if (!awareness) return
    let sent: LiveAwarenessState['selection'] = { nodes: [], edges: [] }
    const publish = (state: { nodes: CanvasNode[]; edges: CanvasEdge[] }) => {
      const selection = {
        nodes: state.nodes.filter((node) => node.selected).map((node) => node.id),
        edges: state.edges.filter((edge) => edge.selected).map((edge) => edge.id),
      }
      if (sameSelection(selection, sent)) return
      sent = selection
      awareness.setLocalStateField('selection', selection)
    }
    publish(store.getState())
    return store.subscribe((state, previous) => {
      if (state.nodes !== previous.nodes || state.edges !== previous.edges) publish(state)
    })
  }, [awareness, store])
}
