'use client'

import { useState, type ReactNode } from 'react'
import { errorMessage } from '@/components/api-client'
import { useSkillQuery } from '@/components/queries/skills'
import { Badge, Button, Dialog } from '@/components/ui'
import type { SkillDetail } from '@/lib/contracts/skills'
import { SkillEditorForm } from './SkillEditorForm'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="min-w-0 break-words text-zinc-800">{children}</dd>
    </div>
  )
}

function Metadata({ skill }: { skill: SkillDetail }) {
  return (
    <dl className="flex flex-col gap-1.5">
      <Row label="Source">
        <Badge tone={skill.source === 'stored' ? 'accent' : 'neutral'}>{skill.source === 'stored' ? 'Stored' : 'File'}</Badge>
        {skill.path ? <code className="ml-2 font-mono text-xs text-zinc-500">{skill.path}</code> : null}
      </Row>
      {skill.license ? <Row label="License">{skill.license}</Row> : null}
      {skill.compatibility ? <Row label="Compatibility">{skill.compatibility}</Row> : null}
      {skill.allowedTools ? <Row label="Allowed tools">{skill.allowedTools}</Row> : null}
      {skill.metadata && Object.keys(skill.metadata).length > 0 ? (
        <Row label="Metadata">
          {Object.entries(skill.metadata)
            .map(([key, value]) => `${key}: ${value}`)
            .join(' · ')}
        </Row>
      ) : null}
      <Row label="Resources">{skill.resources.length ? skill.resources.join(', ') : 'none'}</Row>
      <Row label="Scripts">{skill.scripts.length ? skill.scripts.join(', ') : 'none'}</Row>
    </dl>
  )
}

function SkillView({ skill }: { skill: SkillDetail }) {
  return (
    <>
      <Metadata skill={skill} />
      <div className="flex flex-col gap-1">
        <h3 className="text-xs font-medium text-zinc-600">Instructions (SKILL.md body)</h3>
        <pre data-testid="skill-body" className="rounded-md bg-zinc-50 p-3 font-mono text-xs whitespace-pre-wrap text-zinc-800 ring-1 ring-zinc-200">
          {skill.body.trim() || '(empty)'}
        </pre>
      </div>
      {skill.storedResources?.map((resource) => (
        <div key={resource.name} className="flex flex-col gap-1">
          <h3 className="font-mono text-xs font-medium text-zinc-600">{resource.name}</h3>
          <pre className="max-h-48 overflow-y-auto rounded-md bg-zinc-50 p-3 font-mono text-xs whitespace-pre-wrap text-zinc-800 ring-1 ring-zinc-200">
            {resource.content}
          </pre>
        </div>
      ))}
    </>
  )
}

export interface SkillDetailDialogProps {
  name: string | undefined
  /** The person may change the library (an editor of the current workspace): a stored skill offers Edit. */
  editable: boolean
  onClose: () => void
  /** A save renamed the skill (a new name in its SKILL.md): the dialog follows it. */
  onRenamed: (name: string) => void
}

/** One skill: its metadata and the SKILL.md body; a stored skill can be edited here (by an editor). Closes with its button or Escape. */
export function SkillDetailDialog({ name, editable, onClose, onRenamed }: SkillDetailDialogProps) {
  const detail = useSkillQuery(name)
  const skill = detail.data
  const [editing, setEditing] = useState(false)
  const close = () => {
    setEditing(false)
    onClose()
  }
  const footer = editing ? undefined : (
    <>
      {skill?.source === 'stored' && editable ? (
        <Button data-testid="skill-edit" onClick={() => setEditing(true)}>
          Edit
        </Button>
      ) : null}
      <Button variant="primary" data-testid="skill-detail-close" onClick={close}>
        Close
      </Button>
    </>
  )

  return (
    <Dialog open={name !== undefined} onClose={close} title={name ?? ''} size="3xl" description={skill?.description} footer={footer}>
      <div data-testid="skill-detail" className="flex max-h-[65vh] flex-col gap-4 overflow-y-auto">
        {detail.isPending ? <p className="text-sm text-zinc-500">Loading…</p> : null}
        {detail.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Could not load the skill: {errorMessage(detail.error)}
          </p>
        ) : null}
        {skill && editing ? (
          <SkillEditorForm
            current={skill.name}
            baseVersion={skill.version}
            initialContent={skill.content}
            initialResources={skill.storedResources ?? []}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false)
              if (saved.name !== skill.name) onRenamed(saved.name)
            }}
          />
        ) : skill ? (
          <SkillView skill={skill} />
        ) : null}
      </div>
    </Dialog>
  )
}
