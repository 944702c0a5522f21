import { SelectionMode, useStoreApi, type NodeChange } from '@xyflow/react'
import { useEffect } from 'react'
import type { CanvasEdge, CanvasNode } from '../adapter'
import { useCanvasStoreApi } from '../CanvasStoreProvider'
import type { CanvasStore } from '../store'
import { autoPanStep, nodeAt, screenToFlow, type Point, type ViewportTransform } from './overview-geometry'
import { movedPositions, type OverlayCanvas } from './overview-overlay'
import { overviewScene, type SceneNode } from './overview-scene'
import { boxFromCorners, edgesOfNodes, nodesInBox } from './overview-selection-box'

/** A press that moves less than this (screen pixels) is a click: zoomed out, a pixel is many flow units of drag. */
const DRAG_THRESHOLD_PX = 3
/** React Flow's default, which FlowCanvas keeps: a box selects the nodes it holds whole. */
const SELECTION_MODE = SelectionMode.Full

type Gesture =
  | { kind: 'drag'; nodeId: string; additive: boolean; start: Point; started: boolean; ids?: ReadonlySet<string> }
  | { kind: 'box'; nodes: SceneNode[]; start: Point; started: boolean }

/** The selection before a drag: the pressed node joins it (Shift, Ctrl or Cmd) or becomes it, as React Flow's drag does. */
function selectForDrag(canvas: CanvasStore, nodeId: string, additive: boolean): Set<string> {
  const state = canvas.getState()
  if (!state.nodes.find((node) => node.id === nodeId)?.selected) {
    if (additive) state.onNodesChange([{ type: 'select', id: nodeId, selected: true }])
    else state.selectOnly({ nodeId })
  }
  return new Set(
    canvas
      .getState()
      .nodes.filter((node) => node.selected)
      .map((node) => node.id),
  )
}

/** A box selection replaces the selection with its nodes and their edges, as React Flow's does; answers whether anything changed. */
function selectBoxed(canvas: CanvasStore, nodeIds: ReadonlySet<string>): boolean {
  const { nodes, edges, onNodesChange, onEdgesChange } = canvas.getState()
  const edgeIds = edgesOfNodes(edges, nodeIds)
  const nodeChanges = nodes.flatMap((node) =>
    Boolean(node.selected) === nodeIds.has(node.id) ? [] : [{ type: 'select' as const, id: node.id, selected: nodeIds.has(node.id) }],
  )
  const edgeChanges = edges.flatMap((edge) =>
    Boolean(edge.selected) === edgeIds.has(edge.id) ? [] : [{ type: 'select' as const, id: edge.id, selected: edgeIds.has(edge.id) }],
  )
  if (nodeChanges.length > 0) onNodesChange(nodeChanges)
  if (edgeChanges.length > 0) onEdgesChange(edgeChanges)
  return nodeChanges.length + edgeChanges.length > 0
}

/**
 * Dragging nodes and drawing a selection box in the canvas overview, where React Flow has no node
 * elements to drag and its box skips hidden nodes. A press on a node (or Shift and a press on empty
 * canvas) is taken in the capture phase on the window, before React Flow's pane and pan-zoom see it;
 * any other press still pans. While the pointer moves, only the overview repaints (the overlay); a node
 * held near the canvas' edge pans the canvas and moves with it, as React Flow's drag does, and the view keeps
 * the overview until the gesture ends (`onGesture`), even when a wheel zooms in past it meanwhile; on
 * release the store gets the new positions as one move (one undo step, merged like React Flow's
 * drags) or the box's selection, and the click that follows is swallowed.
 */
export function useOverviewGestures(overlayCanvas: OverlayCanvas, onGesture: (active: boolean) => void) {
  const flow = useStoreApi<CanvasNode, CanvasEdge>()
  const canvas = useCanvasStoreApi()

  useEffect(() => {
    const { overlay } = overlayCanvas
    let gesture: Gesture | undefined
    let swallowClick = false
    let frame = 0
    let panFrame = 0
    /** Where the pointer is on the canvas (screen pixels from its top-left corner), and the canvas' size. */
    let pointer: { at: Point; size: { width: number; height: number } } | undefined
    const repaintSoon = () => {
      if (frame === 0) frame = requestAnimationFrame(() => ((frame = 0), overlayCanvas.repaint()))
    }
    const pointerOn = (event: PointerEvent) => {
      const bounds = flow.getState().domNode!.getBoundingClientRect()
      pointer = { at: { x: event.clientX - bounds.left, y: event.clientY - bounds.top }, size: { width: bounds.width, height: bounds.height } }
      return pointer.at
    }
    const flowPointOf = (event: PointerEvent) => screenToFlow(pointerOn(event), flow.getState().transform)

    // Every frame of a drag: a node held near the canvas' edge pans the canvas (as React Flow's node drag does), and
    // when the view moved (that pan, or a wheel zoom) the dragged nodes follow the pointer's new place in the flow.
    let followedAt: ViewportTransform | undefined
    const whileDragging = () => {
      panFrame = 0
      const current = gesture
      if (current?.kind !== 'drag' || !current.started || !pointer) return
      const { transform, autoPanOnNodeDrag, autoPanSpeed, panBy } = flow.getState()
      if (transform !== followedAt) {
        followedAt = transform
        follow(current, screenToFlow(pointer.at, transform))
      }
      const step = autoPanOnNodeDrag ? autoPanStep(pointer.at, pointer.size, autoPanSpeed) : { x: 0, y: 0 }
      if (step.x !== 0 || step.y !== 0) void panBy(step)
      panFrame = requestAnimationFrame(whileDragging)
    }

    const begin = (current: Gesture) => {
      current.started = true
      onGesture(true)
      if (current.kind === 'drag') {
        current.ids = selectForDrag(canvas, current.nodeId, current.additive)
        followedAt = flow.getState().transform
        panFrame = requestAnimationFrame(whileDragging)
      }
    }

    const follow = (current: Gesture, point: Point) => {
      if (current.kind === 'drag') {
        overlay.drag = { ids: current.ids!, offset: { x: point.x - current.start.x, y: point.y - current.start.y } }
      } else {
        const rect = boxFromCorners(current.start, point)
        overlay.box = { rect, ids: nodesInBox(current.nodes, rect, SELECTION_MODE) }
      }
      repaintSoon()
    }

    const commit = (current: Gesture) => {
      // Painted as it is until React Flow has the store's new nodes (CanvasOverview's overlay painter).
      overlay.committedAt = flow.getState().nodes
      if (current.kind === 'box') {
        if (selectBoxed(canvas, overlay.box?.ids ?? new Set())) overlayCanvas.repaint()
        else cancel()
        return
      }
      const { snapToGrid, snapGrid } = flow.getState()
      const state = canvas.getState()
      const positions = movedPositions(state.nodes, current.ids!, overlay.drag?.offset ?? { x: 0, y: 0 }, snapToGrid ? snapGrid : undefined)
      const changes: NodeChange<CanvasNode>[] = Object.entries(positions).map(([id, position]) => ({ type: 'position', id, position, dragging: false }))
      if (changes.length > 0) state.onNodesChange(changes)
      else cancel()
    }

    const cancel = () => {
      overlay.drag = overlay.box = overlay.committedAt = undefined
      overlayCanvas.repaint()
    }

    const onPointerMove = (event: PointerEvent) => {
      if (!gesture) return
      const point = flowPointOf(event)
      if (!gesture.started) {
        const distance = Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) * flow.getState().transform[2]
        if (distance < DRAG_THRESHOLD_PX) return
        begin(gesture)
      }
      follow(gesture, point)
    }

    /** Stops following the pointer and the view: a gesture's listeners and frames. */
    const stopFollowing = () => {
      removeEventListener('pointermove', onPointerMove)
      removeEventListener('pointerup', end)
      removeEventListener('pointercancel', end)
      removeEventListener('keydown', onKeyDown, true)
      cancelAnimationFrame(frame)
      cancelAnimationFrame(panFrame)
      frame = panFrame = 0
    }

    const end = (event: Event) => {
      const ended = gesture
      gesture = undefined
      stopFollowing()
      // A press without a move is a click, which the pane's click handler (use-overview-pointer.ts) answers.
      if (!ended?.started) return
      swallowClick = true
      if (event.type === 'pointerup') {
        // Where the pointer is released, in the flow as it is now: the view may have moved since the last pointer move.
        follow(ended, flowPointOf(event as PointerEvent))
        commit(ended)
      } else {
        cancel()
      }
      onGesture(false)
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      event.stopPropagation()
      end(event)
    }

    const onPointerDown = (event: PointerEvent) => {
      swallowClick = false
      const { domNode, nodeLookup } = flow.getState()
      if (gesture || event.button !== 0 || !event.isPrimary || !domNode || !(event.target instanceof Element)) return
      const pane = event.target.closest('.react-flow__pane')
      if (!pane || !domNode.contains(pane)) return
      const start = flowPointOf(event)
      const nodes = overviewScene(nodeLookup, [], new Map()).nodes
      // Only a press on a node's box drags it, without the click's slack: at fit view on a large graph every
      // point of the grid is within a few pixels of a node, and a press between nodes must still pan.
      const node = nodeAt(nodes, start)
      if (node) {
        gesture = { kind: 'drag', nodeId: node.id, additive: event.shiftKey || event.ctrlKey || event.metaKey, start, started: false }
        // The pressed node takes the keyboard focus, as a node element does when clicked; its ring shows for keys only.
        overlay.focus = { id: node.id, visible: false }
        overlayCanvas.element?.focus({ preventScroll: true })
      } else if (event.shiftKey) {
        gesture = { kind: 'box', nodes, start, started: false }
      } else {
        return
      }
      // Keeps the press from React Flow's pane and from its pan-zoom (no mousedown follows a prevented pointerdown).
      event.preventDefault()
      event.stopPropagation()
      addEventListener('pointermove', onPointerMove)
      addEventListener('pointerup', end)
      addEventListener('pointercancel', end)
      addEventListener('keydown', onKeyDown, true)
    }

    const onClick = (event: MouseEvent) => {
      if (!swallowClick) return
      swallowClick = false
      event.stopPropagation()
      event.preventDefault()
    }

    addEventListener('pointerdown', onPointerDown, true)
    addEventListener('click', onClick, true)
    return () => {
      removeEventListener('pointerdown', onPointerDown, true)
      removeEventListener('click', onClick, true)
      stopFollowing()
      // Gone mid-gesture (the view changed under it): the view must not keep the overview for it.
      if (gesture?.started) onGesture(false)
    }
  }, [flow, canvas, overlayCanvas, onGesture])
}
