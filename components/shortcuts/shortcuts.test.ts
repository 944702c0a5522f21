import { describe, expect, it } from 'vitest'
import { SHORTCUT_GROUPS, keyLabel, opensShortcutsSheet, type KeyPress } from './shortcuts'

const press = (overrides: Partial<KeyPress> = {}): KeyPress => ({
  key: '?',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  defaultPrevented: false,
  ...overrides,
})

describe('shortcuts sheet', () => {
  it('opens on ? alone', () => {
    expect(opensShortcutsSheet(press())).toBe(true)
    expect(opensShortcutsSheet(press({ key: '/' }))).toBe(false)
    expect(opensShortcutsSheet(press({ ctrlKey: true }))).toBe(false)
    expect(opensShortcutsSheet(press({ metaKey: true }))).toBe(false)
    expect(opensShortcutsSheet(press({ defaultPrevented: true }))).toBe(false)
  })

  it('names the modifier as the platform does', () => {
    expect(keyLabel('Mod', true)).toBe('⌘')
    expect(keyLabel('Mod', false)).toBe('Ctrl')
    expect(keyLabel('Shift', true)).toBe('Shift')
  })

  it('lists the editor’s save, undo, redo and delete', () => {
    const does = SHORTCUT_GROUPS.flatMap((group) => group.shortcuts.map((shortcut) => shortcut.does))
    expect(does).toEqual(expect.arrayContaining(['Save a new version', 'Undo', 'Redo', 'Delete the selected nodes and edges']))
  })
})
