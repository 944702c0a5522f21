import { SelectionMode, type NodeChange, type ReactFlowState } from '@xyflow/react'
import type { CanvasEdge, CanvasNode } from '../adapter'
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

/** What the gestures read and drive: React Flow's store (view, node boxes, panning) and the editor's canvas store. */
export interface OverviewGestureTargets {
  flow: { getState(): ReactFlowState<CanvasNode, CanvasEdge> }
  canvas: CanvasStore
  overlayCanvas: OverlayCanvas
  /** Told when a gesture starts and ends: the view keeps the overview meanwhile. */
  onGesture: (active: boolean) => void
  /** Where the pointer and key listeners go (the window). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>
}

/**
 * Dragging nodes and drawing a selection box in the canvas overview, where React Flow has no node
 * elements to drag and its box skips hidden nodes: a controller of plain listeners (as xyflow's XYDrag is),
 * attached by a thin hook (useOverviewGestures). A press on a node (or Shift and a press on empty
 * canvas) is taken in the capture phase on the window, before React Flow's pane and pan-zoom see it;
 * any other press still pans. While the pointer moves, only the overview repaints (the overlay); a node
 * held near the canvas' edge pans the canvas and moves with it, as React Flow's drag does, and the view keeps
 * the overview until the gesture ends (`onGesture`), even when a wheel zooms in past it meanwhile; on
 * release the store gets the new positions as one move (one undo step, merged like React Flow's
 * drags) or the box's selection, and the click that follows is swallowed.
 */
export class OverviewGestures {
  private gesture: Gesture | undefined
  private swallowClick = false
  private frame = 0
  private panFrame = 0
  /** Where the pointer is on the canvas (screen pixels from its top-left corner), and the canvas' size. */
  private pointer: { at: Point; size: { width: number; height: number } } | undefined
  /** The view the dragged nodes last followed. */
  private followedAt: ViewportTransform | undefined

  constructor(private readonly targets: OverviewGestureTargets) {}

  attach(): void {
    this.targets.events.addEventListener('pointerdown', this.onPointerDown, true)
    this.targets.events.addEventListener('click', this.onClick, true)
  }

  detach(): void {
    this.targets.events.removeEventListener('pointerdown', this.onPointerDown, true)
    this.targets.events.removeEventListener('click', this.onClick, true)
    this.stopFollowing()
    // Gone mid-gesture (the view changed under it): the view must not keep the overview for it.
    if (this.gesture?.started) this.targets.onGesture(false)
  }

  private get overlay() {
    return this.targets.overlayCanvas.overlay
  }

  private repaintSoon(): void {
    if (this.frame === 0) this.frame = requestAnimationFrame(() => ((this.frame = 0), this.targets.overlayCanvas.repaint()))
  }

  private pointerOn(event: PointerEvent): Point {
    const bounds = this.targets.flow.getState().domNode!.getBoundingClientRect()
    this.pointer = { at: { x: event.clientX - bounds.left, y: event.clientY - bounds.top }, size: { width: bounds.width, height: bounds.height } }
    return this.pointer.at
  }

  private flowPointOf(event: PointerEvent): Point {
    return screenToFlow(this.pointerOn(event), this.targets.flow.getState().transform)
  }

  /**
   * Every frame of a drag: a node held near the canvas' edge pans the canvas (as React Flow's node drag does), and
   * when the view moved (that pan, or a wheel zoom) the dragged nodes follow the pointer's new place in the flow.
   */
  private readonly whileDragging = () => {
    this.panFrame = 0
    const current = this.gesture
    if (current?.kind !== 'drag' || !current.started || !this.pointer) return
    const { transform, autoPanOnNodeDrag, autoPanSpeed, panBy } = this.targets.flow.getState()
    if (transform !== this.followedAt) {
      this.followedAt = transform
      this.follow(current, screenToFlow(this.pointer.at, transform))
    }
    const step = autoPanOnNodeDrag ? autoPanStep(this.pointer.at, this.pointer.size, autoPanSpeed) : { x: 0, y: 0 }
    if (step.x !== 0 || step.y !== 0) void panBy(step)
    this.panFrame = requestAnimationFrame(this.whileDragging)
  }

  private begin(current: Gesture): void {
    current.started = true
    this.targets.onGesture(true)
    if (current.kind === 'drag') {
      current.ids = selectForDrag(this.targets.canvas, current.nodeId, current.additive)
      this.followedAt = this.targets.flow.getState().transform
      this.panFrame = requestAnimationFrame(this.whileDragging)
    }
  }

  private follow(current: Gesture, point: Point): void {
    if (current.kind === 'drag') {
      this.overlay.drag = { ids: current.ids!, offset: { x: point.x - current.start.x, y: point.y - current.start.y } }
    } else {
      const rect = boxFromCorners(current.start, point)
      this.overlay.box = { rect, ids: nodesInBox(current.nodes, rect, SELECTION_MODE) }
    }
    this.repaintSoon()
  }

  private commit(current: Gesture): void {
    const { flow, canvas, overlayCanvas } = this.targets
    // Painted as it is until React Flow has the store's new nodes (CanvasOverview's overlay painter).
    this.overlay.committedAt = flow.getState().nodes
    if (current.kind === 'box') {
      if (selectBoxed(canvas, this.overlay.box?.ids ?? new Set())) overlayCanvas.repaint()
      else this.cancel()
      return
    }
    const { snapToGrid, snapGrid } = flow.getState()
    const state = canvas.getState()
    const positions = movedPositions(state.nodes, current.ids!, this.overlay.drag?.offset ?? { x: 0, y: 0 }, snapToGrid ? snapGrid : undefined)
    const changes: NodeChange<CanvasNode>[] = Object.entries(positions).map(([id, position]) => ({ type: 'position', id, position, dragging: false }))
    if (changes.length > 0) state.onNodesChange(changes)
    else this.cancel()
  }

  private cancel(): void {
    this.overlay.drag = this.overlay.box = this.overlay.committedAt = undefined
    this.targets.overlayCanvas.repaint()
  }

  private readonly onPointerMove = (event: PointerEvent) => {
    const gesture = this.gesture
    if (!gesture) return
    const point = this.flowPointOf(event)
    if (!gesture.started) {
      const distance = Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) * this.targets.flow.getState().transform[2]
      if (distance < DRAG_THRESHOLD_PX) return
      this.begin(gesture)
    }
    this.follow(gesture, point)
  }

  /** Stops following the pointer and the view: a gesture's listeners and frames. */
  private stopFollowing(): void {
    const { events } = this.targets
    events.removeEventListener('pointermove', this.onPointerMove)
    events.removeEventListener('pointerup', this.end)
    events.removeEventListener('pointercancel', this.end)
    events.removeEventListener('keydown', this.onKeyDown, true)
    cancelAnimationFrame(this.frame)
    cancelAnimationFrame(this.panFrame)
    this.frame = this.panFrame = 0
  }

  private readonly end = (event: Event) => {
    const ended = this.gesture
    this.gesture = undefined
    this.stopFollowing()
    // A press without a move is a click, which the pane's click handler (use-overview-pointer.ts) answers.
    if (!ended?.started) return
    this.swallowClick = true
    if (event.type === 'pointerup') {
      // Where the pointer is released, in the flow as it is now: the view may have moved since the last pointer move.
      this.follow(ended, this.flowPointOf(event as PointerEvent))
      this.commit(ended)
    } else {
      this.cancel()
    }
    this.targets.onGesture(false)
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    this.end(event)
  }

  private readonly onPointerDown = (event: PointerEvent) => {
    this.swallowClick = false
    const { domNode, nodeLookup } = this.targets.flow.getState()
    if (this.gesture || event.button !== 0 || !event.isPrimary || !domNode || !(event.target instanceof Element)) return
    const pane = event.target.closest('.react-flow__pane')
    if (!pane || !domNode.contains(pane)) return
    const start = this.flowPointOf(event)
    const nodes = overviewScene(nodeLookup, [], new Map()).nodes
    // Only a press on a node's box drags it, without the click's slack: at fit view on a large graph every
    // point of the grid is within a few pixels of a node, and a press between nodes must still pan.
    const node = nodeAt(nodes, start)
    if (node) {
      this.gesture = { kind: 'drag', nodeId: node.id, additive: event.shiftKey || event.ctrlKey || event.metaKey, start, started: false }
      // The pressed node takes the keyboard focus, as a node element does when clicked; its ring shows for keys only.
      this.overlay.focus = { id: node.id, visible: false }
      this.targets.overlayCanvas.element?.focus({ preventScroll: true })
    } else if (event.shiftKey) {
      this.gesture = { kind: 'box', nodes, start, started: false }
    } else {
      return
    }
    // Keeps the press from React Flow's pane and from its pan-zoom (no mousedown follows a prevented pointerdown).
    event.preventDefault()
    event.stopPropagation()
    const { events } = this.targets
    events.addEventListener('pointermove', this.onPointerMove)
    events.addEventListener('pointerup', this.end)
    events.addEventListener('pointercancel', this.end)
    events.addEventListener('keydown', this.onKeyDown, true)
  }

  private readonly onClick = (event: MouseEvent) => {
    if (!this.swallowClick) return
    this.swallowClick = false
    event.stopPropagation()
    event.preventDefault()
  }
}
