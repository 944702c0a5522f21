'use client'

import { useEffect, type RefObject } from 'react'
import { isTextEntry } from '@/components/ui/text-entry'
import { useCanvasStoreApi } from './CanvasStoreProvider'

export interface KeyboardShortcutsOptions {
  onSave: () => void
  /** The canvas: Ctrl/Cmd+A selects its nodes and edges only while the focus is within it. */
  canvasRef: RefObject<HTMLElement | null>
  enabled?: boolean
}

/**
 * Editor shortcuts: Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redo, Delete/Backspace removes
 * the selection, Ctrl/Cmd+S saves, Ctrl/Cmd+A on the canvas selects everything on it. Inside text
 * fields only Ctrl/Cmd+S applies, so that the field's own undo, Backspace and select-all keep
 * working; outside the canvas Ctrl/Cmd+A keeps selecting the page's text. A dialog (modal) blocks
 * them all.
 */
export function useKeyboardShortcuts({ onSave, canvasRef, enabled = true }: KeyboardShortcutsOptions): void {
  const store = useCanvasStoreApi()
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return
      const mod = event.ctrlKey || event.metaKey
      const key = event.key.toLowerCase()
      if (mod && key === 's') {
        event.preventDefault()
        onSave()
        return
      }
      if (isTextEntry(event.target)) return
      if (mod && key === 'z') {
        event.preventDefault()
        if (event.shiftKey) store.getState().redo()
        else store.getState().undo()
      } else if (mod && key === 'a') {
        if (!(event.target instanceof Node) || !canvasRef.current?.contains(event.target)) return
        event.preventDefault()
        store.getState().selectAll()
      } else if (mod && key === 'y') {
        event.preventDefault()
        store.getState().redo()
      } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault()
        store.getState().deleteSelection()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [canvasRef, enabled, onSave, store])
}
