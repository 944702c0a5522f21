'use client'

/** An agent's skills, picked from the skill library of the workflow's workspace (what its runs may load). */
import { useSkillsQuery } from '@/components/queries/skills'
import type { SkillSummary } from '@/lib/contracts/skills'
import { useEditorAccess } from '../EditorWorkspaceProvider'
import { ChecklistField } from './ChecklistField'
import type { ChecklistItem } from './checklist-values'

const MESSAGES = {
  loading: 'Loading skills…',
  failed: 'Could not load skills',
  empty: (
    <>
      The skill library is empty.{' '}
      <a className="text-indigo-700 underline" href="/skills" target="_blank" rel="noreferrer">
        Add a skill
      </a>
      .
    </>
  ),
  unknown: '(not in the skill library)',
}

function skillItem(skill: SkillSummary): ChecklistItem {
  const scripts = skill.scripts.length ? ` · ${skill.scripts.length} script${skill.scripts.length === 1 ? '' : 's'}` : ''
  return {
    value: skill.name,
    name: skill.name,
    code: true,
    detail: `${skill.source === 'stored' ? 'stored' : 'file'}${scripts} · ${skill.description}`,
    detailTitle: skill.description,
  }
}

export function SkillsField({ label, testId, value, onChange }: { label: string; testId: string; value: string[]; onChange: (names: string[]) => void }) {
  const skills = useSkillsQuery(useEditorAccess().workspaceId ?? undefined)
  return (
    <ChecklistField
      label={label}
      testId={testId}
      value={value}
      onChange={onChange}
      items={skills.data?.skills.map(skillItem)}
      loading={skills.isPending}
      loadError={skills.error}
      messages={MESSAGES}
    />
  )
}
