import { useStoreApi, type ReactFlowState } from '@xyflow/react'
import { useEffect, useMemo, type RefObject } from 'react'
import type { CanvasEdge, CanvasNode } from '../adapter'
import type { ProblemCounts } from '../use-problems'
import { overviewScene, type AnyOverviewScene, type OverviewSceneSource } from './overview-scene'

export type FlowState = ReactFlowState<CanvasNode, CanvasEdge>

/** The editor's graph (its edges and problem counts), or another view's scene (the run graph, the version view). */
export type OverviewPaintInput = EditorGraphInput | { scene: OverviewSceneSource }

/** The editor's graph as the overview paints it: the store's edges and each node's problem counts. */
export interface EditorGraphInput {
  edges: readonly CanvasEdge[]
  problems: ReadonlyMap<string, ProblemCounts>
}

/** The scene source an input stands for, the same function while the input's parts are the same. */
export function useSceneSource(input: OverviewPaintInput): OverviewSceneSource {
  const given = 'scene' in input ? input.scene : undefined
  const edges = 'edges' in input ? input.edges : undefined
  const problems = 'problems' in input ? input.problems : undefined
  return useMemo(() => given ?? ((nodeLookup) => overviewScene(nodeLookup, edges ?? [], problems ?? new Map())), [given, edges, problems])
}

/**
 * Repaints a canvas whenever React Flow's viewport, nodes or size change, straight from a store
 * subscription: a pan frame costs one paint, with no React render. `paint` gets a 2D context already
 * scaled for the device's pixel ratio and sized to the canvas' CSS box.
 */
export function useOverviewPainter(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  input: OverviewPaintInput,
  size: (state: FlowState) => { width: number; height: number },
  paint: (context: CanvasRenderingContext2D, state: FlowState, scene: AnyOverviewScene, size: { width: number; height: number }) => void,
) {
  const flow = useStoreApi<CanvasNode, CanvasEdge>()
  const sceneOf = useSceneSource(input)
  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context) return
    let scene: AnyOverviewScene | undefined
    let sceneNodes: FlowState['nodes'] | undefined
    const draw = (state: FlowState) => {
      if (scene === undefined || sceneNodes !== state.nodes) {
        scene = sceneOf(state.nodeLookup)
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
  }, [canvasRef, sceneOf, flow, size, paint])
}
