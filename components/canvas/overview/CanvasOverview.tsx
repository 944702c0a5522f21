'use client'

import { useRef } from 'react'
import { drawOverview } from './draw-overview'
import type { AnyOverviewScene } from './overview-scene'
import { useOverviewPainter, type FlowState, type OverviewPaintInput } from './use-overview-painter'

export type CanvasOverviewProps = OverviewPaintInput & {
  /** What a click and a double-click on it do, for screen readers (the editor's when not given). */
  label?: string
}

const EDITOR_LABEL = 'Overview of the whole workflow: click a node to select it, double-click to zoom to it'

const paneSize = (state: FlowState) => ({ width: state.width, height: state.height })

function paint(context: CanvasRenderingContext2D, state: FlowState, scene: AnyOverviewScene, size: { width: number; height: number }) {
  const drawn = drawOverview(context, size, state.transform, scene)
  // What the canvas benchmark and tests count as drawn: the DOM has no node or edge elements here.
  context.canvas.dataset.nodesDrawn = String(drawn.nodes)
  context.canvas.dataset.edgesDrawn = String(drawn.edges)
}

/**
 * The whole graph drawn on one canvas while the editor is zoomed out below OVERVIEW_BELOW_ZOOM, where
 * a node is a few pixels tall: React Flow then renders no node or edge elements (FlowCanvas hides
 * them), and this canvas pans and zooms with its viewport. It takes no pointer events: clicks reach
 * React Flow's pane, and FlowCanvas finds the node under them (use-overview-pointer.ts).
 */
export function CanvasOverview({ label = EDITOR_LABEL, ...input }: CanvasOverviewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  useOverviewPainter(canvasRef, input, paneSize, paint)
  return (
    <canvas
      ref={canvasRef}
      data-testid="canvas-overview"
      role="img"
      aria-label={label}
      // Above the background, below React Flow's pane (z-index 4), whose selection box stays on top.
      className="pointer-events-none absolute inset-0 z-[3] h-full w-full"
    />
  )
}
