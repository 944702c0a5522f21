'use client'

import { Panel, useReactFlow } from '@xyflow/react'
import { useCallback, useRef, type PointerEvent } from 'react'
import { MINIMAP_SIZE } from '../fit-view'
import { drawOverview } from './draw-overview'
import { boundsOf, flowToScreen, screenToFlow, transformToFit, visibleFlowRect, type ViewportTransform } from './overview-geometry'
import type { AnyOverviewScene } from './overview-scene'
import { useOverviewPainter, type FlowState, type OverviewPaintInput } from './use-overview-painter'

export type OverviewMiniMapProps = OverviewPaintInput

const MASK = 'rgb(244 244 245 / 0.7)'
const minimapSize = () => MINIMAP_SIZE

/** The minimap's own transform: every node in view (the main viewport is clipped to it). */
function minimapTransform(scene: AnyOverviewScene): ViewportTransform {
  const bounds = boundsOf(scene.nodes.map((node) => node.box)) ?? { x: 0, y: 0, width: 1, height: 1 }
  return transformToFit(bounds, MINIMAP_SIZE)
}

function paint(context: CanvasRenderingContext2D, state: FlowState, scene: AnyOverviewScene, size: { width: number; height: number }) {
  const transform = minimapTransform(scene)
  drawOverview(context, size, transform, scene, { minimap: true })
  const view = visibleFlowRect(state.transform, { width: state.width, height: state.height })
  const corner = flowToScreen(view, transform)
  const [width, height] = [view.width * transform[2], view.height * transform[2]]
  context.beginPath()
  context.rect(0, 0, size.width, size.height)
  context.rect(corner.x, corner.y, width, height)
  context.fillStyle = MASK
  context.fill('evenodd')
  context.lineWidth = 1
  context.strokeStyle = '#a1a1aa'
  context.strokeRect(corner.x, corner.y, width, height)
  context.canvas.dataset.transform = transform.join(',')
}

/**
 * The minimap of a large graph, drawn on a canvas like the overview (React Flow's MiniMap draws no
 * hidden node, and an SVG rectangle per node repainted every frame): all nodes, the part in view,
 * and a press or drag on it centres the canvas there.
 */
export function OverviewMiniMap(input: OverviewMiniMapProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const { setCenter, getZoom } = useReactFlow()
  useOverviewPainter(canvasRef, input, minimapSize, paint)

  const centreOn = useCallback(
    (event: PointerEvent<HTMLCanvasElement>) => {
      const transform = event.currentTarget.dataset.transform?.split(',').map(Number) as ViewportTransform | undefined
      if (!transform || (event.type === 'pointermove' && event.buttons !== 1)) return
      const box = event.currentTarget.getBoundingClientRect()
      const point = screenToFlow({ x: event.clientX - box.left, y: event.clientY - box.top }, transform)
      void setCenter(point.x, point.y, { zoom: getZoom() })
    },
    [setCenter, getZoom],
  )

  return (
    <Panel position="bottom-right" data-testid="canvas-minimap" className="overflow-hidden rounded bg-white ring-1 ring-zinc-200" style={MINIMAP_SIZE}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label="Minimap: press or drag to move the canvas there"
        className="block h-full w-full cursor-pointer touch-none"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId)
          centreOn(event)
        }}
        onPointerMove={centreOn}
      />
    </Panel>
  )
}
