import { useReactFlow, useStoreApi } from '@xyflow/react'
import { useCallback, type MouseEvent } from 'react'
import type { CanvasEdge, CanvasNode } from '../adapter'
import { useCanvasStoreApi } from '../CanvasStoreProvider'
import { nodeAt } from './overview-geometry'
import { overviewScene } from './overview-scene'
import { HIT_SLACK_PX, NODE_ZOOM } from './use-overview-clicks'

/**
 * Clicks on the canvas overview (CanvasOverview.tsx), which React Flow sees as clicks on its empty
 * pane: a click on a node selects it (Shift, Ctrl or Cmd add it to the selection or take it out), a
 * click elsewhere clears the selection, and a double-click zooms to the node, or into the point.
 */
export function useOverviewPointer() {
  const flow = useStoreApi<CanvasNode, CanvasEdge>()
  const canvas = useCanvasStoreApi()
  const { screenToFlowPosition, setCenter } = useReactFlow<CanvasNode, CanvasEdge>()

  const nodeUnder = useCallback(
    (event: MouseEvent) => {
      const { nodeLookup, transform } = flow.getState()
      const point = screenToFlowPosition({ x: event.clientX, y: event.clientY })
      return { point, node: nodeAt(overviewScene(nodeLookup, [], new Map()).nodes, point, HIT_SLACK_PX / transform[2]) }
    },
    [flow, screenToFlowPosition],
  )

  const onClick = useCallback(
    (event: MouseEvent) => {
      const { node } = nodeUnder(event)
      const state = canvas.getState()
      if (node && (event.shiftKey || event.ctrlKey || event.metaKey)) {
        const selected = Boolean(state.nodes.find((candidate) => candidate.id === node.id)?.selected)
        state.onNodesChange([{ type: 'select', id: node.id, selected: !selected }])
        return
      }
      state.selectOnly({ nodeId: node?.id })
    },
    [canvas, nodeUnder],
  )

  const onDoubleClick = useCallback(
    (event: MouseEvent) => {
      const { node, point } = nodeUnder(event)
      if (node) void setCenter(node.box.x + node.box.width / 2, node.box.y + node.box.height / 2, { zoom: NODE_ZOOM, duration: 200 })
      else void setCenter(point.x, point.y, { zoom: flow.getState().transform[2] * 2, duration: 200 })
    },
    [flow, nodeUnder, setCenter],
  )

  return { onClick, onDoubleClick }
}
