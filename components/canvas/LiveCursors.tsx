'use client'

/**
 * The others in a live session on the canvas, as a team that lives in Figma expects them: their pointers with
 * their names, and the nodes they selected outlined in their colour (their avatars: LiveAvatars.tsx; their selected
 * edges: use-remote-edge-selections.ts).
 */
import { useInternalNode, useStore, ViewportPortal, type ReactFlowState } from '@xyflow/react'
import type { CanvasNode } from './adapter'
import type { LivePeer } from './live-awareness'
import { useLivePeers } from './use-live-peers'
import { useLiveSessionContext } from './use-live-session'

const zoomOf = (state: ReactFlowState) => state.transform[2]

/** Inside <ReactFlow>: the others' pointers and selections, in flow coordinates (pan and zoom move them with the canvas). */
export function LiveCursors() {
  const { awareness } = useLiveSessionContext()
  const peers = useLivePeers(awareness)
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
