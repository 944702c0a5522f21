'use client'

import { useEffect, type RefObject } from 'react'
import { canvasEdgeToGraph, canvasNodeToGraph } from './adapter'
import { useCanvasStoreApi } from './CanvasStoreProvider'
import { PASTE_OFFSET, copyFragment, parseClipboardText, serializeFragment, type GraphFragment } from './clipboard'
import type { CanvasStore } from './store'
import { isTextEntry } from '@/components/ui/text-entry'

/**
 * The last copied text, for browsers that refuse the Clipboard API (no permission, no secure
 * context). It lives as long as the tab, so it also carries nodes between workflows opened in it.
 */
let memoryClipboard: string | undefined
/** Pasting the same text again moves each copy a step further, so repeated pastes do not stack up. */
let lastPaste: { text: string; count: number } | undefined

async function writeClipboard(text: string): Promise<void> {
  memoryClipboard = text
  lastPaste = undefined
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // Refused: the in-memory copy above is what Ctrl+V reads in this tab.
  }
}

async function readClipboard(): Promise<string | undefined> {
  try {
    return await navigator.clipboard.readText()
  } catch {
    // Refused: fall back to what this tab copied.
  }
  return memoryClipboard
}

function selectedFragment(store: CanvasStore): GraphFragment | undefined {
  const { nodes, edges } = store.getState()
  const ids = new Set(nodes.filter((node) => node.selected).map((node) => node.id))
  if (ids.size === 0) return undefined
  return copyFragment({ nodes: nodes.map(canvasNodeToGraph), edges: edges.map(canvasEdgeToGraph) }, ids)
}

export function pasteText(store: CanvasStore, text: string | undefined): { pasted: number; error?: string } {
  if (text === undefined) return { pasted: 0 }
  const parsed = parseClipboardText(text)
  if (!parsed.ok) return { pasted: 0, error: parsed.reason === 'invalid' ? parsed.message : undefined }
  lastPaste = lastPaste?.text === text ? { text, count: lastPaste.count + 1 } : { text, count: 1 }
  const offset = { x: PASTE_OFFSET.x * lastPaste.count, y: PASTE_OFFSET.y * lastPaste.count }
  return { pasted: store.getState().insertFragment(parsed.fragment, offset).length }
}

export interface ClipboardShortcutsOptions {
  canvasRef: RefObject<HTMLElement | null>
  /** Told when a paste could not be read (an Agentloom clipboard of a shape this app cannot read). */
  onError: (message: string) => void
  enabled?: boolean
}

/**
 * Ctrl/Cmd+C, X, V and D on the canvas: copy, cut, paste and duplicate the selected nodes (with the
 * edges between them) through the system clipboard as JSON (clipboard.ts). They act only when the
 * focus is on the canvas or on nothing in particular, never while typing in a field, so that text
 * fields and selected page text keep their own copy and paste.
 */
export function useClipboardShortcuts({ canvasRef, onError, enabled = true }: ClipboardShortcutsOptions): void {
  const store = useCanvasStoreApi()
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
      const key = event.key.toLowerCase()
      if (!['c', 'x', 'v', 'd'].includes(key) || isTextEntry(event.target)) return
      const onCanvas = event.target instanceof Node && canvasRef.current?.contains(event.target)
      const onNothing = event.target === document.body && (window.getSelection()?.isCollapsed ?? true)
      if (!onCanvas && !onNothing) return
      if (key === 'v') {
        event.preventDefault()
        void readClipboard().then((text) => {
          const result = pasteText(store, text)
          if (result.error) onError(result.error)
        })
        return
      }
      const fragment = selectedFragment(store)
      if (!fragment) return
      event.preventDefault()
      if (key === 'd') {
        // Duplicate leaves the clipboard alone, as in Figma and n8n.
        store.getState().insertFragment(fragment, PASTE_OFFSET)
        return
      }
      void writeClipboard(serializeFragment(fragment))
      if (key === 'x') store.getState().deleteSelection()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [canvasRef, enabled, onError, store])
}
