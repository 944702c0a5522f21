'use client'

import { Badge, Button } from '@/components/ui'
import type { SkillSummary } from '@/lib/contracts/skills'

function Chips({ label, items, testId }: { label: string; items: string[]; testId: string }) {
  if (items.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid={testId}>
      <span className="text-[11px] font-medium text-zinc-500">{label}:</span>
      {items.map((item) => (
        <code key={item} className="rounded bg-zinc-50 px-1.5 py-0.5 font-mono text-[11px] text-zinc-700 ring-1 ring-zinc-200">
          {item}
        </code>
      ))}
    </div>
  )
}

interface SkillListProps {
  skills: SkillSummary[]
  onOpen: (name: string) => void
  /** Absent for a person who may not change the library (no Delete buttons). */
  onDelete?: (name: string) => void
}

/** Every skill of the library: stored ones (editable here) and file skills (managed on disk). */
export function SkillList({ skills, onOpen, onDelete }: SkillListProps) {
  if (skills.length === 0) {
    return (
      <div data-testid="skills-list" className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center text-sm text-zinc-500">
        No skills yet. Create one with “New skill”, or add a directory with a SKILL.md under examples/skills.
      </div>
    )
  }
  return (
    <ul data-testid="skills-list" aria-label="Skills" className="flex flex-col divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white">
      {skills.map((skill) => (
        <li key={skill.name} data-testid={`skill-row-${skill.name}`} className="flex items-start justify-between gap-4 px-4 py-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                data-testid={`skill-open-${skill.name}`}
                onClick={() => onOpen(skill.name)}
                className="font-mono text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                {skill.name}
              </button>
              <Badge tone={skill.source === 'stored' ? 'accent' : 'neutral'} data-testid={`skill-source-${skill.name}`}>
                {skill.source === 'stored' ? 'Stored' : 'File'}
              </Badge>
              {skill.license ? <Badge>{skill.license}</Badge> : null}
              {skill.path ? <span className="font-mono text-[11px] text-zinc-400">{skill.path}</span> : null}
            </div>
            <p className="text-sm text-zinc-600">{skill.description}</p>
            <Chips label="Resources" items={skill.resources} testId={`skill-resources-${skill.name}`} />
            <Chips label="Scripts" items={skill.scripts} testId={`skill-scripts-${skill.name}`} />
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <Button size="sm" variant="ghost" onClick={() => onOpen(skill.name)}>
              View
            </Button>
            {skill.source === 'stored' && onDelete ? (
              <Button size="sm" variant="danger" data-testid={`skill-delete-${skill.name}`} onClick={() => onDelete(skill.name)}>
                Delete
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  )
}
