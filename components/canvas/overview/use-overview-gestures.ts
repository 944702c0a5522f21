import { useStoreApi } from '@xyflow/react'
import { useEffect } from 'react'
import type { CanvasEdge, CanvasNode } from '../adapter'
import { useCanvasStoreApi } from '../CanvasStoreProvider'
import { OverviewGestures } from './overview-gestures'
import type { OverlayCanvas } from './overview-overlay'

/** Drag and box-select on the canvas overview while mounted (the gestures themselves: overview-gestures.ts). */
export function useOverviewGestures(overlayCanvas: OverlayCanvas, onGesture: (active: boolean) => void) {
  const flow = useStoreApi<CanvasNode, CanvasEdge>()
  const canvas = useCanvasStoreApi()
  useEffect(() => {
    const gestures = new OverviewGestures({ flow, canvas, overlayCanvas, onGesture, events: window })
    gestures.attach()
    return () => gestures.detach()
  }, [flow, canvas, overlayCanvas, onGesture])
}
