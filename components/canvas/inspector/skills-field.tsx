'use client'

import { useSkillSummaries } from '@/components/skills/use-skill-summaries'

/**
 * An agent's skills as a checkbox list of the skill library (GET /api/skills). Names the library
 * does not have (deleted since, or typed elsewhere) stay listed, checked, so they can be removed.
 */
export function SkillsField({ label, testId, value, onChange }: { label: string; testId: string; value: string[]; onChange: (names: string[]) => void }) {
  const skills = useSkillSummaries()
  const toggle = (name: string, checked: boolean) => onChange(checked ? [...value, name] : value.filter((v) => v !== name))
  const known = skills.state === 'ready' ? skills.items : []
  const missing = value.filter((name) => !known.some((skill) => skill.name === name))
  return (
    <fieldset data-testid={testId} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-zinc-600">{label}</legend>
      {skills.state === 'loading' ? <p className="text-xs text-zinc-500">Loading skills…</p> : null}
      {skills.state === 'error' ? <p className="text-xs text-red-600">Could not load skills: {skills.message}</p> : null}
      {skills.state === 'ready' && known.length === 0 ? (
        <p className="text-xs text-zinc-500">
          The skill library is empty. <a className="text-indigo-700 underline" href="/skills" target="_blank" rel="noreferrer">Add a skill</a>.
        </p>
      ) : null}
      {known.map((skill) => (
        <label key={skill.name} className="flex items-start gap-2 rounded-md px-1 py-1 text-sm hover:bg-zinc-50">
          <input
            type="checkbox"
            data-testid={`${testId}-${skill.name}`}
            className="mt-0.5 h-4 w-4 rounded border-zinc-300 accent-indigo-600"
            checked={value.includes(skill.name)}
            onChange={(e) => toggle(skill.name, e.target.checked)}
          />
          <span className="min-w-0 flex-1">
            <span className="block font-mono text-zinc-800">{skill.name}</span>
            <span className="block truncate text-xs text-zinc-500" title={skill.description}>
              {skill.source === 'stored' ? 'stored' : 'file'}
              {skill.scripts.length ? ` · ${skill.scripts.length} script${skill.scripts.length === 1 ? '' : 's'}` : ''} · {skill.description}
            </span>
          </span>
        </label>
      ))}
      {skills.state !== 'loading' &&
        missing.map((name) => (
          <label key={name} className="flex items-center gap-2 px-1 py-1 text-sm text-amber-800">
            <input type="checkbox" data-testid={`${testId}-${name}`} className="h-4 w-4 accent-indigo-600" checked onChange={() => toggle(name, false)} />
            {name} <span className="text-xs">(not in the skill library)</span>
          </label>
        ))}
    </fieldset>
  )
}
