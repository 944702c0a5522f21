import { useStore, type ReactFlowState, type Viewport } from '@xyflow/react'
import { useCallback, useLayoutEffect, useRef, useState, type MouseEvent } from 'react'
import { OVERVIEW_BELOW_ZOOM, isSmallGraph, overviewStartViewport } from '../fit-view'

type SizedNodes = Parameters<typeof overviewStartViewport>[0]

const isZoomedOutToOverview = (state: ReactFlowState) => state.transform[2] < OVERVIEW_BELOW_ZOOM
/** React Flow's transform before its pan-zoom has applied the canvas' starting viewport. */
const isUnsetViewport = (state: ReactFlowState) => state.transform[0] === 0 && state.transform[1] === 0 && state.transform[2] === 1

export interface OverviewMode {
  /** The element React Flow fills: measured before its first render, for the starting viewport. */
  wrapper: React.RefObject<HTMLDivElement | null>
  /**
   * Where React Flow starts: a viewport in the overview for a large graph that fit view would show there,
   * null to let React Flow fit the graph, undefined until the wrapper is measured (render no React Flow yet).
   */
  startViewport: Viewport | null | undefined
  /** Whether the graph is drawn on the overview's canvas: React Flow then gets hidden nodes and no edges. */
  overview: boolean
  onMoveStart: () => void
  onMoveEnd: () => void
  /** Keeps the overview while a gesture in it (a drag, a selection box) lasts: leaving it would drop the gesture. */
  holdForGesture: (active: boolean) => void
}

/**
 * When a view (the editor's FlowCanvas, the run graph, a saved version) draws its graph on the canvas
 * overview: a large graph opens there (a start at zoom 1 would mount
 * and measure every node first), is drawn there below OVERVIEW_BELOW_ZOOM, and a move that starts
 * there stays there until it ends (leaving it mounts the nodes in view at once, which would stall the
 * gesture). Call it inside a ReactFlowProvider; hand `onMoveStart`/`onMoveEnd` to React Flow.
 */
export function useOverviewMode(nodes: SizedNodes, minimap: boolean): OverviewMode {
  const wrapper = useRef<HTMLDivElement | null>(null)
  const large = !isSmallGraph(nodes.length)
  const [startViewport, setStartViewport] = useState<Viewport | null | undefined>(() => (large ? undefined : null))
  useLayoutEffect(() => {
    if (startViewport !== undefined) return
    const box = wrapper.current?.getBoundingClientRect()
    setStartViewport(box ? overviewStartViewport(nodes, box, minimap) : null)
  }, [startViewport, nodes, minimap])

  const zoomedOut = useStore((state) => isZoomedOutToOverview(state) || (startViewport != null && isUnsetViewport(state)))
  const [held, setHeld] = useState(false)
  const [heldForGesture, setHeldForGesture] = useState(false)
  const overview = (zoomedOut || held || heldForGesture) && large
  const inOverview = useRef(overview)
  inOverview.current = overview
  const onMoveStart = useCallback(() => {
    if (inOverview.current) setHeld(true)
  }, [])
  const onMoveEnd = useCallback(() => setHeld(false), [])
  return { wrapper, startViewport, overview, onMoveStart, onMoveEnd, holdForGesture: setHeldForGesture }
}

/**
 * The React Flow props by which a view follows its overview mode: where it starts, the held overview, and the
 * overview's clicks on the pane (use-overview-clicks.ts), which replace React Flow's double-click zoom there.
 */
export function overviewFlowProps(mode: OverviewMode, clicks: { onClick: (event: MouseEvent) => void; onDoubleClick: (event: MouseEvent) => void }) {
  return {
    fitView: mode.startViewport === null,
    defaultViewport: mode.startViewport ?? undefined,
    onMoveStart: mode.onMoveStart,
    onMoveEnd: mode.onMoveEnd,
    onPaneClick: mode.overview ? clicks.onClick : undefined,
    onDoubleClick: mode.overview ? clicks.onDoubleClick : undefined,
    zoomOnDoubleClick: !mode.overview,
  }
}
