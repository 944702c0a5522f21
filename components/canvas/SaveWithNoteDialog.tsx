'use client'

import { useId, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'

export interface SaveWithNoteDialogProps {
  open: boolean
  onClose: () => void
  /** Saves with the note; resolves with the new version number, or undefined when the save was refused. */
  save: (note: string) => Promise<number | undefined>
}

/** "Save version with note…": the note is shown in the version history beside the version. */
export function SaveWithNoteDialog({ open, onClose, save }: SaveWithNoteDialogProps) {
  const [note, setNote] = useState('')
  const [saving, setSaving] = useState(false)
  const noteId = useId()
  const close = () => {
    setNote('')
    onClose()
  }
  const submit = async () => {
    setSaving(true)
    try {
      // A refused save shows its problems in the toolbar and the problems panel, as any save does.
      await save(note)
      close()
    } finally {
      setSaving(false)
    }
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Save a version"
      description="The note says what changed; it appears in the version history."
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button variant="primary" data-testid="save-with-note-submit" onClick={() => void submit()} disabled={saving}>
            {saving ? 'Saving…' : 'Save version'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Field label="Note (optional)" htmlFor={noteId} help="At most 500 characters.">
          <Input id={noteId} data-testid="save-note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} autoFocus />
        </Field>
      </form>
    </Dialog>
  )
}
