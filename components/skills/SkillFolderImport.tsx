'use client'

import { useId, useState } from 'react'
import { Button, Field } from '@/components/ui'
import type { SkillDetail } from '@/lib/contracts/skills'
import { skillFromFiles, type FolderSkill } from './skill-folder'
import { SkillEditorForm } from './SkillEditorForm'

export interface SkillFolderImportProps {
  onSaved: (skill: SkillDetail) => void
  onCancel: () => void
}

/** Choose a skill folder (or its files); its SKILL.md and resources open in the editor, checked as on disk, to be saved as a stored skill. */
export function SkillFolderImport({ onSaved, onCancel }: SkillFolderImportProps) {
  const ids = useId()
  const [chosen, setChosen] = useState<FolderSkill>()
  const [reading, setReading] = useState(false)

  const choose = async (files: FileList | null) => {
    if (!files?.length) return
    setReading(true)
    try {
      setChosen(await skillFromFiles([...files].map((file) => ({ path: file.webkitRelativePath || file.name, size: file.size, text: () => file.text() }))))
    } finally {
      setReading(false)
    }
  }

  return (
    <section aria-label="Import a skill folder" className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4" data-testid="skill-import">
      <div className="grid grid-cols-2 gap-4">
        <Field label="A skill folder" htmlFor={`${ids}-folder`} help="The folder holding SKILL.md (and its resources).">
          <input
            id={`${ids}-folder`}
            type="file"
            data-testid="skill-import-folder"
            className="text-sm"
            {...{ webkitdirectory: '', directory: '' }}
            multiple
            onChange={(event) => void choose(event.target.files)}
          />
        </Field>
        <Field label="Or its files" htmlFor={`${ids}-files`} help="SKILL.md and resources, chosen together.">
          <input
            id={`${ids}-files`}
            type="file"
            data-testid="skill-import-files"
            className="text-sm"
            multiple
            onChange={(event) => void choose(event.target.files)}
          />
        </Field>
      </div>
      {reading ? <p className="text-sm text-zinc-500">Reading…</p> : null}
      {chosen?.problem ? (
        <p role="alert" className="text-sm text-red-700" data-testid="skill-import-problem">
          {chosen.problem}
        </p>
      ) : null}
      {chosen && chosen.content !== undefined ? (
        <SkillEditorForm
          key={JSON.stringify([chosen.folder, chosen.content.length, chosen.resources.length])}
          initialContent={chosen.content}
          initialResources={chosen.resources}
          folder={chosen.folder}
          skipped={chosen.skipped}
          onSaved={onSaved}
          onCancel={onCancel}
        />
      ) : (
        <div className="flex justify-end">
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      )}
    </section>
  )
}
