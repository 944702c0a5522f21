/**
 * The keyboard shortcuts the shortcuts sheet lists: what components/canvas/use-keyboard-shortcuts.ts, use-clipboard-shortcuts.ts,
 * the canvas (FlowCanvas: multi-selection and selection keys) and the dialogs actually do. A
 * shortcut added there belongs here too.
 */
import { isTextEntry } from '@/components/ui/text-entry'

export interface Shortcut {
  /** Key combinations, each a list of keys pressed together; "Mod" is Ctrl, or ⌘ on a Mac. */
  keys: string[][]
  does: string
}

export interface ShortcutGroup {
  title: string
  shortcuts: Shortcut[]
}

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'Workflow editor',
    shortcuts: [
      { keys: [['Mod', 'S']], does: 'Save a new version' },
      { keys: [['Mod', 'Z']], does: 'Undo' },
      {
        keys: [
          ['Mod', 'Shift', 'Z'],
          ['Mod', 'Y'],
        ],
        does: 'Redo',
      },
      { keys: [['Delete'], ['Backspace']], does: 'Delete the selected nodes and edges' },
      { keys: [['Mod', 'C']], does: 'Copy the selected nodes and the edges between them' },
      { keys: [['Mod', 'X']], does: 'Cut the selected nodes' },
      { keys: [['Mod', 'V']], does: 'Paste nodes (also copied in another workflow or tab)' },
      { keys: [['Mod', 'D']], does: 'Duplicate the selected nodes' },
      { keys: [['Mod', 'A']], does: 'Select every node and edge (with the canvas focused)' },
      {
        keys: [
          ['Shift', 'Click'],
          ['Mod', 'Click'],
        ],
        does: 'Add a node or edge to the selection',
      },
      { keys: [['Shift', 'Drag']], does: 'Select the nodes in an area' },
      { keys: [['Mod', 'Enter']], does: 'Start the run (in the Run dialog)' },
    ],
  },
  {
    title: 'Everywhere',
    shortcuts: [
      { keys: [['?']], does: 'Show these shortcuts' },
      { keys: [['Esc']], does: 'Close a dialog or side panel' },
    ],
  },
]

/** "Mod" as this platform names it. */
export function keyLabel(key: string, mac: boolean): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl'
  return key
}

export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: EventTarget | null
  defaultPrevented: boolean
}

/** `?` opens the sheet, except while typing in a field (where `?` is a character) or with a modifier held. */
export function opensShortcutsSheet(press: KeyPress): boolean {
  return press.key === '?' && !press.ctrlKey && !press.metaKey && !press.altKey && !press.defaultPrevented && !isTextEntry(press.target)
}
