'use client'

import { useCallback, useMemo, useRef, type HTMLAttributes } from 'react'
import { drawOverview } from './draw-overview'
import { sceneWithOverlay, type OverlayCanvas } from './overview-overlay'
import type { AnyOverviewScene, OverviewScene } from './overview-scene'
import { useOverviewPainter, type FlowState, type OverviewPaintInput } from './use-overview-painter'

export type CanvasOverviewProps = OverviewPaintInput & {
  /** What a click and a double-click on it do, for screen readers (the editor's when not given). */
  label?: string
  /** Editing in the overview (EditableCanvasOverview.tsx): what to paint over the graph, and the canvas' focus and keys. */
  editing?: { overlayCanvas: OverlayCanvas; canvasProps: HTMLAttributes<HTMLCanvasElement> }
}

const EDITOR_LABEL = 'Overview of the whole workflow: click a node to select it, double-click to zoom to it'

type Paint = (context: CanvasRenderingContext2D, state: FlowState, scene: AnyOverviewScene, size: { width: number; height: number }) => void

const paneSize = (state: FlowState) => ({ width: state.width, height: state.height })

function markDrawn(context: CanvasRenderingContext2D, drawn: { nodes: number; edges: number }) {
  // What the canvas benchmark and tests count as drawn: the DOM has no node or edge elements here.
  context.canvas.dataset.nodesDrawn = String(drawn.nodes)
  context.canvas.dataset.edgesDrawn = String(drawn.edges)
}

const paint: Paint = (context, state, scene, size) => markDrawn(context, drawOverview(context, size, state.transform, scene))

/**
 * Paints the graph with the overlay on it, and gives `overlayCanvas` a repaint that an editing gesture
 * calls on each pointer move (the last frame's state and scene with the overlay as it is now).
 */
function overlayPainter(overlayCanvas: OverlayCanvas): Paint {
  let last: Parameters<Paint> | undefined
  const paintOverlay: Paint = (context, state, scene, size) => {
    last = [context, state, scene, size]
    const { overlay } = overlayCanvas
    // A committed drag or box selection is painted until React Flow has the store's new nodes.
    if (overlay.committedAt !== undefined && overlay.committedAt !== state.nodes) {
      overlay.drag = overlay.box = overlay.committedAt = undefined
    }
    const focusedId = overlay.focus?.visible ? overlay.focus.id : undefined
    // Only the editor edits in its overview (EditableCanvasOverview), and its scene is always the editor's.
    const shown = sceneWithOverlay(scene as OverviewScene, overlay)
    markDrawn(
      context,
      drawOverview(context, size, state.transform, shown, { focusedId, selectionBox: overlay.committedAt === undefined ? overlay.box?.rect : undefined }),
    )
    // What tests read of the editing state: a canvas has no elements to carry a focus or a `selected` class.
    context.canvas.dataset.focusedNode = focusedId ?? ''
    context.canvas.dataset.selectedNodes = String(shown.nodes.reduce((count, node) => count + (node.selected ? 1 : 0), 0))
  }
  overlayCanvas.repaint = () => {
    if (last) paintOverlay(...last)
  }
  return paintOverlay
}

/**
 * The whole graph drawn on one canvas while the editor is zoomed out below OVERVIEW_BELOW_ZOOM, where
 * a node is a few pixels tall: React Flow then renders no node or edge elements (FlowCanvas hides
 * them), and this canvas pans and zooms with its viewport. It takes no pointer events: clicks reach
 * React Flow's pane, and FlowCanvas finds the node under them (use-overview-pointer.ts); when editing,
 * drags and box selections are taken before React Flow sees them (use-overview-gestures.ts).
 */
export function CanvasOverview({ label = EDITOR_LABEL, editing, ...input }: CanvasOverviewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const overlayCanvas = editing?.overlayCanvas
  const paintWithOverlay = useMemo(() => (overlayCanvas ? overlayPainter(overlayCanvas) : paint), [overlayCanvas])
  useOverviewPainter(canvasRef, input, paneSize, paintWithOverlay)
  const setCanvas = useCallback(
    (element: HTMLCanvasElement | null) => {
      canvasRef.current = element
      if (overlayCanvas) overlayCanvas.element = element
    },
    [overlayCanvas],
  )
  return (
    <canvas
      ref={setCanvas}
      data-testid="canvas-overview"
      role="img"
      aria-label={label}
      {...editing?.canvasProps}
      // Above the background, below React Flow's pane (z-index 4), whose selection box stays on top.
      className="pointer-events-none absolute inset-0 z-[3] h-full w-full outline-none"
    />
  )
}
