/**
 * This person's own presence in a live session, sent to the others: the pointer at most once per animation
 * frame, the selection when it changes.
 */
import { useReactFlow } from '@xyflow/react'
import { useEffect, type RefObject } from 'react'
import { useCanvasStoreApi } from './CanvasStoreProvider'
import type { CanvasEdge, CanvasNode } from './adapter'
import { sameSelection, type LiveAwarenessState } from './live-awareness'
import { useLiveSessionContext } from './use-live-session'

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
