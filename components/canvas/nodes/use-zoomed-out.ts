import { useStore, type ReactFlowState } from '@xyflow/react'
import { SIMPLE_NODES_BELOW_ZOOM } from '../fit-view'

const isZoomedOut = (state: ReactFlowState) => state.transform[2] < SIMPLE_NODES_BELOW_ZOOM

/**
 * Whether the canvas is zoomed out far enough for simple node bodies. The selector's answer is a
 * boolean, so a node re-renders when the zoom crosses the threshold, not on every frame of a zoom.
 */
export function useZoomedOut(): boolean {
  return useStore(isZoomedOut)
}
