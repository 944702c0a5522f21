import { useReactFlow, useStoreApi, type NodeChange } from '@xyflow/react'
import { useCallback, useMemo, useState, type FocusEvent, type HTMLAttributes, type KeyboardEvent } from 'react'
import type { CanvasEdge, CanvasNode } from '../adapter'
import { useCanvasStoreApi } from '../CanvasStoreProvider'
import { intersects, visibleFlowRect } from './overview-geometry'
import { nearestInDirection, readingOrder, stepInOrder, type Direction } from './overview-navigation'
import { movedPositions, type OverlayCanvas } from './overview-overlay'
import { overviewScene, type SceneNode } from './overview-scene'

/**
 * React Flow moves the selection 5 px (at zoom 1) per arrow key, four times as far with Shift: the same
 * distance on screen here, so that a press shows at any zoom of the overview.
 */
const KEY_STEP_PX = 5
const SHIFT_FACTOR = 4
const ARROWS: Record<string, { direction: Direction; x: number; y: number }> = {
  ArrowLeft: { direction: 'left', x: -1, y: 0 },
  ArrowRight: { direction: 'right', x: 1, y: 0 },
  ArrowUp: { direction: 'up', x: 0, y: -1 },
  ArrowDown: { direction: 'down', x: 0, y: 1 },
}

export const OVERVIEW_KEYS_LABEL =
  'Workflow overview. Tab and the arrow keys move between nodes, Enter or Space selects the node, arrow keys move a selected node, Delete removes the selection.'

function describeNode(node: SceneNode, selected: boolean, order: readonly string[]): string {
  const problems = node.problems === 'none' ? '' : node.problems === 'error' ? ', has errors' : ', has warnings'
  return `${node.title}, ${selected ? 'selected' : 'not selected'}${problems}, node ${order.indexOf(node.id) + 1} of ${order.length}`
}

/**
 * The keyboard in the canvas overview, where React Flow has no node elements to focus: the overview's
 * canvas takes the focus (Tab into it), and one node at a time has a focus ring there. As on React
 * Flow's nodes: Tab and Shift+Tab go from node to node (in reading order here) and leave the canvas past
 * the last; Enter or Space selects the focused node (with Shift, Ctrl or Cmd: adds it, or takes a
 * selected one out); Escape takes it out of the selection; the arrow keys move the selection when the
 * focused node is in it, and otherwise go to the nearest node that way. Delete, Ctrl/Cmd+A and undo
 * are the editor's shortcuts (use-keyboard-shortcuts.ts). The focused node is announced in `announcement`
 * (an aria-live region): a canvas has no elements for aria-activedescendant to point at.
 */
export function useOverviewKeyboard(overlayCanvas: OverlayCanvas): { canvasProps: HTMLAttributes<HTMLCanvasElement>; announcement: string } {
  const flow = useStoreApi<CanvasNode, CanvasEdge>()
  const canvas = useCanvasStoreApi()
  const { setCenter } = useReactFlow<CanvasNode, CanvasEdge>()
  const [announcement, setAnnouncement] = useState('')
  const { overlay } = overlayCanvas

  const sceneNodes = useCallback(() => overviewScene(flow.getState().nodeLookup, [], new Map()).nodes, [flow])
  const isSelected = useCallback((id: string) => Boolean(canvas.getState().nodes.find((node) => node.id === id)?.selected), [canvas])
  const announce = useCallback(
    (node: SceneNode, nodes: readonly SceneNode[]) => setAnnouncement(describeNode(node, isSelected(node.id), readingOrder(nodes))),
    [isSelected],
  )

  const focusNode = useCallback(
    (node: SceneNode, nodes: readonly SceneNode[]) => {
      overlay.focus = { id: node.id, visible: true }
      // As React Flow's autoPanOnNodeFocus: a node focused out of view is brought to the middle, at the same zoom.
      const { transform, width, height } = flow.getState()
      if (!intersects(node.box, visibleFlowRect(transform, { width, height }))) {
        void setCenter(node.box.x + node.box.width / 2, node.box.y + node.box.height / 2, { zoom: transform[2] })
      }
      announce(node, nodes)
      overlayCanvas.repaint()
    },
    [overlay, overlayCanvas, flow, setCenter, announce],
  )

  /** Where the focus starts: the node it was on, else the first selected node, else the first in view, in reading order. */
  const startingNode = useCallback(
    (nodes: readonly SceneNode[]) => {
      const byId = new Map(nodes.map((node) => [node.id, node]))
      const kept = overlay.focus && byId.get(overlay.focus.id)
      if (kept) return kept
      const order = readingOrder(nodes).map((id) => byId.get(id)!)
      const { transform, width, height } = flow.getState()
      const view = visibleFlowRect(transform, { width, height })
      return order.find((node) => isSelected(node.id)) ?? order.find((node) => intersects(node.box, view)) ?? order[0]
    },
    [overlay, flow, isSelected],
  )

  const moveSelection = useCallback(
    (arrow: (typeof ARROWS)[string], factor: number, focused: SceneNode) => {
      const { transform, snapToGrid, snapGrid } = flow.getState()
      const step = (KEY_STEP_PX * factor) / transform[2]
      const state = canvas.getState()
      const ids = new Set(state.nodes.filter((node) => node.selected).map((node) => node.id))
      const positions = movedPositions(state.nodes, ids, { x: arrow.x * step, y: arrow.y * step }, snapToGrid ? snapGrid : undefined)
      const changes: NodeChange<CanvasNode>[] = Object.entries(positions).map(([id, position]) => ({ type: 'position', id, position }))
      if (changes.length === 0) return
      state.onNodesChange(changes)
      const to = positions[focused.id]
      if (to) setAnnouncement(`Moved selected nodes ${arrow.direction}. New position, x: ${Math.trunc(to.x)}, y: ${Math.trunc(to.y)}`)
    },
    [flow, canvas],
  )

  const select = useCallback(
    (node: SceneNode, nodes: readonly SceneNode[], multi: boolean, unselect: boolean) => {
      const state = canvas.getState()
      const selected = isSelected(node.id)
      if (!selected && !unselect) {
        if (multi) state.onNodesChange([{ type: 'select', id: node.id, selected: true }])
        else state.selectOnly({ nodeId: node.id })
      } else if (selected && (unselect || multi)) {
        state.onNodesChange([{ type: 'select', id: node.id, selected: false }])
      }
      announce(node, nodes)
    },
    [canvas, isSelected, announce],
  )

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLCanvasElement>) => {
      const nodes = sceneNodes()
      if (nodes.length === 0) return
      const focused = overlay.focus && nodes.find((node) => node.id === overlay.focus!.id)
      const multi = event.shiftKey || event.ctrlKey || event.metaKey
      // A node focused by a press shows its ring once keys are used, as :focus-visible does.
      if (focused && !overlay.focus!.visible) {
        overlay.focus = { id: focused.id, visible: true }
        overlayCanvas.repaint()
      }
      const arrow = ARROWS[event.key]
      if (event.key === 'Tab') {
        const nextId = stepInOrder(readingOrder(nodes), focused?.id, event.shiftKey ? -1 : 1)
        const next = nextId === undefined ? undefined : nodes.find((node) => node.id === nextId)
        if (!next) return
        event.preventDefault()
        focusNode(next, nodes)
      } else if (arrow && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault()
        if (!focused) focusNode(startingNode(nodes), nodes)
        else if (isSelected(focused.id)) moveSelection(arrow, event.shiftKey ? SHIFT_FACTOR : 1, focused)
        else {
          const next = nearestInDirection(nodes, focused, arrow.direction)
          if (next) focusNode(next, nodes)
        }
      } else if ((event.key === 'Enter' || event.key === ' ') && focused) {
        event.preventDefault()
        select(focused, nodes, multi, false)
      } else if (event.key === 'Escape' && focused) {
        select(focused, nodes, false, true)
      }
    },
    [overlay, overlayCanvas, sceneNodes, focusNode, startingNode, isSelected, moveSelection, select],
  )

  const onFocus = useCallback(
    (event: FocusEvent<HTMLCanvasElement>) => {
      const nodes = sceneNodes()
      const node = startingNode(nodes)
      if (!node) return
      overlay.focus = { id: node.id, visible: event.currentTarget.matches(':focus-visible') }
      announce(node, nodes)
      overlayCanvas.repaint()
    },
    [overlay, overlayCanvas, sceneNodes, startingNode, announce],
  )

  const onBlur = useCallback(() => {
    if (overlay.focus) overlay.focus = { ...overlay.focus, visible: false }
    overlayCanvas.repaint()
  }, [overlay, overlayCanvas])

  const canvasProps = useMemo<HTMLAttributes<HTMLCanvasElement>>(
    () => ({ tabIndex: 0, role: 'application', 'aria-label': OVERVIEW_KEYS_LABEL, onKeyDown, onFocus, onBlur }),
    [onKeyDown, onFocus, onBlur],
  )
  return { canvasProps, announcement }
}
