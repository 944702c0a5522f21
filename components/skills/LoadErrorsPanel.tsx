import { Badge } from '@/components/ui'
import { ruleLabel } from './skill-form'
import type { SkillLoadError } from '@/lib/contracts/skills'

/** SKILL.md files that could not be offered, each with its file and the rule it broke. */
export function LoadErrorsPanel({ errors }: { errors: SkillLoadError[] }) {
  if (errors.length === 0) return null
  return (
    <section data-testid="skill-load-errors" aria-label="Skills that could not be loaded" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3">
      <h2 className="text-sm font-semibold text-amber-900">
        {errors.length === 1 ? 'One skill could not be loaded' : `${errors.length} skills could not be loaded`}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {errors.map((error) => (
          <li key={`${error.path}:${error.rule}`} className="flex flex-col gap-0.5 text-sm text-amber-900">
            <span className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-xs">{error.path}</code>
              <Badge tone="warning">{ruleLabel(error.rule)}</Badge>
            </span>
            <span className="text-xs text-amber-800">{error.message}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
