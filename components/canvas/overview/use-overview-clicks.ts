import { useReactFlow, useStoreApi } from '@xyflow/react'
import { useCallback, type MouseEvent } from 'react'
import { nodeAt } from './overview-geometry'
import type { OverviewSceneSource } from './overview-scene'

/** A press this close to a node (in screen pixels) still hits it: zoomed out, nodes are a few pixels tall. */
export const HIT_SLACK_PX = 6
/** Double-clicking a node in the overview zooms to where its details show. */
export const NODE_ZOOM = 1

/** What a click on the overview does with the node under it (undefined: the click was between nodes). */
export type OverviewClickHandler = (nodeId: string | undefined, event: MouseEvent) => void

/**
 * Clicks on the canvas overview, which React Flow sees as clicks on its empty pane: a click calls
 * `onClickAt` with the node under it (nothing when not given: a read-only view has nothing to select),
 * a double-click zooms to the node, or into the point. `sceneOf` is the view's scene (only the boxes are read).
 */
export function useOverviewClicks(sceneOf: OverviewSceneSource, onClickAt?: OverviewClickHandler) {
  const flow = useStoreApi()
  const { screenToFlowPosition, setCenter } = useReactFlow()

  const nodeUnder = useCallback(
    (event: MouseEvent) => {
      const { nodeLookup, transform } = flow.getState()
      const point = screenToFlowPosition({ x: event.clientX, y: event.clientY })
      return { point, node: nodeAt(sceneOf(nodeLookup).nodes, point, HIT_SLACK_PX / transform[2]) }
    },
    [flow, screenToFlowPosition, sceneOf],
  )

  const onClick = useCallback(
    (event: MouseEvent) => {
      onClickAt?.(nodeUnder(event).node?.id, event)
    },
    [nodeUnder, onClickAt],
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
