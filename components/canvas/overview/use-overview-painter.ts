import { useStoreApi, type ReactFlowState } from '@xyflow/react'
import { useEffect, type RefObject } from 'react'
import type { CanvasEdge, CanvasNode } from '../adapter'
import type { ProblemCounts } from '../use-problems'
import { overviewScene, type OverviewScene } from './overview-scene'

export type FlowState = ReactFlowState<CanvasNode, CanvasEdge>

export interface OverviewPaintInput {
  edges: readonly CanvasEdge[]
  problems: ReadonlyMap<string, ProblemCounts>
}

/**
 * Repaints a canvas whenever React Flow's viewport, nodes or size change, straight from a store
 * subscription: a pan frame costs one paint, with no React render. `paint` gets a 2D context already
 * scaled for the device's pixel ratio and sized to the canvas' CSS box.
 */
export function useOverviewPainter(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  { edges, problems }: OverviewPaintInput,
  size: (state: FlowState) => { width: number; height: number },
  paint: (context: CanvasRenderingContext2D, state: FlowState, scene: OverviewScene, size: { width: number; height: number }) => void,
) {
  const flow = useStoreApi<CanvasNode, CanvasEdge>()
  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context) return
    let scene: OverviewScene | undefined
    let sceneNodes: FlowState['nodes'] | undefined
    const draw = (state: FlowState) => {
      if (scene === undefined || sceneNodes !== state.nodes) {
        scene = overviewScene(state.nodeLookup, edges, problems)
        sceneNodes = state.nodes
      }
      const box = size(state)
      const ratio = window.devicePixelRatio || 1
      const [pixelWidth, pixelHeight] = [Math.round(box.width * ratio), Math.round(box.height * ratio)]
      if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) [canvas.width, canvas.height] = [pixelWidth, pixelHeight]
      context.setTransform(ratio, 0, 0, ratio, 0, 0)
      paint(context, state, scene, box)
    }
    draw(flow.getState())
    return flow.subscribe((state, previous) => {
      if (state.transform !== previous.transform || state.nodes !== previous.nodes || state.width !== previous.width || state.height !== previous.height) {
        draw(state)
      }
    })
  }, [canvasRef, edges, problems, flow, size, paint])
}
