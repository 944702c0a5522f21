import { useCallback, useMemo, type MouseEvent } from 'react'
import { useCanvasStoreApi } from '../CanvasStoreProvider'
import { overviewScene, type OverviewSceneSource } from './overview-scene'
import { useOverviewClicks } from './use-overview-clicks'

const NO_PROBLEMS = new Map()

/**
 * The editor's clicks on the canvas overview (CanvasOverview.tsx): a click on a node selects it (Shift,
 * Ctrl or Cmd add it to the selection or take it out), a click elsewhere clears the selection, and a
 * double-click zooms to the node, or into the point (use-overview-clicks.ts).
 */
export function useOverviewPointer() {
  const canvas = useCanvasStoreApi()
  // Hit testing reads only the nodes' boxes: the scene without edges or problems.
  const boxes = useMemo<OverviewSceneSource>(() => (nodeLookup) => overviewScene(nodeLookup, [], NO_PROBLEMS), [])
  const select = useCallback(
    (nodeId: string | undefined, event: MouseEvent) => {
      const state = canvas.getState()
      if (nodeId && (event.shiftKey || event.ctrlKey || event.metaKey)) {
        const selected = Boolean(state.nodes.find((candidate) => candidate.id === nodeId)?.selected)
        state.onNodesChange([{ type: 'select', id: nodeId, selected: !selected }])
        return
      }
      state.selectOnly({ nodeId })
    },
    [canvas],
  )
  return useOverviewClicks(boxes, select)
}
