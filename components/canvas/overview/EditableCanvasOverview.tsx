'use client'

import { useState } from 'react'
import { CanvasOverview } from './CanvasOverview'
import { createOverlayCanvas } from './overview-overlay'
import type { EditorGraphInput } from './use-overview-painter'
import { useOverviewGestures } from './use-overview-gestures'
import { useOverviewKeyboard } from './use-overview-keyboard'

export interface EditableCanvasOverviewProps extends EditorGraphInput {
  /** Told when a drag or a selection box starts (true) and ends (false): the view keeps the overview meanwhile. */
  onGesture: (active: boolean) => void
}

/**
 * The canvas overview of the editor: the overview (CanvasOverview.tsx) plus editing in it, where React
 * Flow's own dragging, selection box and node focus have no node elements to work on: dragging nodes and
 * Shift+drag box selection (use-overview-gestures.ts), and the keyboard (use-overview-keyboard.ts), whose
 * focused node is announced here. Read-only views use CanvasOverview alone.
 */
export function EditableCanvasOverview({ edges, problems, onGesture }: EditableCanvasOverviewProps) {
  const [overlayCanvas] = useState(createOverlayCanvas)
  useOverviewGestures(overlayCanvas, onGesture)
  const { canvasProps, announcement } = useOverviewKeyboard(overlayCanvas)
  return (
    <>
      <CanvasOverview edges={edges} problems={problems} editing={{ overlayCanvas, canvasProps }} />
      <p className="sr-only" aria-live="polite" data-testid="canvas-overview-announcement">
        {announcement}
      </p>
    </>
  )
}
