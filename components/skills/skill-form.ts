/**
 * The skill editor's logic, kept apart from React: the SKILL.md template it starts from, the
 * request it sends, and how a refused save is explained (the rule a SKILL.md broke, the fields
 * of a malformed request).
 */
import { ApiError } from '@/components/api-client'
import type { SkillProblem } from '@/lib/contracts/skill-checks'
import type { StoredResource } from '@/lib/contracts/skills'

export const SKILL_TEMPLATE = `---
name: my-skill
description: What this skill does and when an agent should use it.
---

# My skill

Step-by-step instructions for the agent:

1. Read the resource \`notes.md\` when you need the details.
2. Answer in two or three sentences.
`

export interface ResourceRow {
  name: string
  content: string
}

/** The request body: resource rows left entirely empty are dropped, names are trimmed. */
export function createRequest(content: string, rows: readonly ResourceRow[]): { content: string; resources?: StoredResource[] } {
  const resources = rows.filter((row) => row.name.trim() !== '' || row.content !== '').map((row) => ({ name: row.name.trim(), content: row.content }))
  return resources.length === 0 ? { content } : { content, resources }
}

const RULE_LABELS: Record<string, string> = {
  missing_frontmatter: 'missing frontmatter',
  invalid_yaml: 'invalid YAML',
  frontmatter_not_a_mapping: 'frontmatter is not a mapping',
  invalid_field: 'invalid field',
  invalid_name: 'invalid name',
  invalid_description: 'invalid description',
  invalid_compatibility: 'invalid compatibility',
  name_mismatch: 'name mismatch',
  name_taken: 'name taken',
}

/** A readable label for a SKILL.md rule code. */
export function ruleLabel(rule: string): string {
  return RULE_LABELS[rule] ?? rule.replace(/_/g, ' ')
}

export type { SkillProblem } from '@/lib/contracts/skill-checks'

/** A refused save as problems at their fields: the SKILL.md rule or a taken name under the SKILL.md, a request's issues at their paths. */
export function saveProblems(error: unknown): SkillProblem[] {
  if (!(error instanceof ApiError)) return [{ field: 'form', message: error instanceof Error ? error.message : 'Something went wrong.' }]
  const details = (typeof error.details === 'object' && error.details !== null ? error.details : {}) as { rule?: unknown; issues?: unknown }
  if (typeof details.rule === 'string') return [{ field: 'content', rule: details.rule, message: error.message }]
  if (error.code === 'skill_exists') return [{ field: 'content', rule: 'name_taken', message: error.message }]
  const issues = Array.isArray(details.issues)
    ? details.issues.flatMap((issue: unknown) => {
        const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown }
        return typeof message === 'string' ? [{ field: typeof path === 'string' && path !== '' ? path : 'form', message }] : []
      })
    : []
  return issues.length ? issues : [{ field: 'form', message: error.message }]
}

/**
 * Problems by the field they show under. Resource indexes are those of the request, which leaves
 * out rows left entirely empty: they are mapped back to the form's rows.
 */
export function problemsByField(problems: readonly SkillProblem[], rows: readonly ResourceRow[]): Map<string, SkillProblem[]> {
  const rowOfRequestIndex = rows.flatMap((row, index) => (row.name.trim() !== '' || row.content !== '' ? [index] : []))
  const byField = new Map<string, SkillProblem[]>()
  for (const problem of problems) {
    const field = problem.field.replace(/^resources\.(\d+)/, (_all, index: string) => `resources.${rowOfRequestIndex[Number(index)] ?? index}`)
    byField.set(field, [...(byField.get(field) ?? []), { ...problem, field }])
  }
  return byField
}
