'use client'

import { Fragment, useEffect, useState } from 'react'
import { Button, Dialog } from '@/components/ui'
import { SHORTCUT_GROUPS, keyLabel, opensShortcutsSheet } from './shortcuts'

/** The keyboard shortcuts, in a dialog that `?` opens on any signed-in page (not while typing). */
export function KeyboardShortcutsSheet() {
  const [open, setOpen] = useState(false)
  const [mac, setMac] = useState(false)

  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent))
    const onKeyDown = (event: KeyboardEvent) => {
      if (!opensShortcutsSheet(event) || document.querySelector('dialog[open]')) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title="Keyboard shortcuts"
      size="xl"
      footer={
        <Button variant="primary" onClick={() => setOpen(false)}>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-4" data-testid="shortcuts-sheet">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} className="flex flex-col gap-1.5">
            <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{group.title}</h3>
            <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 text-sm">
              {group.shortcuts.map((shortcut) => (
                <Fragment key={shortcut.does}>
                  <dt className="text-zinc-700">{shortcut.does}</dt>
                  <dd className="flex flex-wrap justify-end gap-1.5 text-right">
                    {shortcut.keys.map((combo, index) => (
                      <span key={combo.join('+')} className="inline-flex items-center gap-0.5">
                        {index > 0 ? <span className="mr-1 text-xs text-zinc-400">or</span> : null}
                        {combo.map((key) => (
                          <kbd key={key} className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-[11px] text-zinc-700 shadow-sm">
                            {keyLabel(key, mac)}
                          </kbd>
                        ))}
                      </span>
                    ))}
                  </dd>
                </Fragment>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
