/**
 * The "New skill" form's logic, kept apart from React: the SKILL.md template it starts from, the
 * request it sends, and how a refused save is explained (the rule a SKILL.md broke, the fields
 * of a malformed request).
 */
import { ApiError } from '@/components/api-client'
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

export interface SaveProblem {
  message: string
  /** The SKILL.md rule broken (invalid_name, missing_frontmatter, …), when that is the reason. */
  rule?: string
  /** Field-level problems of a malformed request. */
  issues: string[]
}

const RULE_LABELS: Record<string, string> = {
  missing_frontmatter: 'missing frontmatter',
  invalid_yaml: 'invalid YAML',
  frontmatter_not_a_mapping: 'frontmatter is not a mapping',
  invalid_field: 'invalid field',
  invalid_name: 'invalid name',
  invalid_description: 'invalid description',
  invalid_compatibility: 'invalid compatibility',
}

/** A readable label for a SKILL.md rule code. */
export function ruleLabel(rule: string): string {
  return RULE_LABELS[rule] ?? rule.replace(/_/g, ' ')
}

export function saveProblem(error: unknown): SaveProblem {
  if (!(error instanceof ApiError)) return { message: error instanceof Error ? error.message : 'Something went wrong.', issues: [] }
  const details = (typeof error.details === 'object' && error.details !== null ? error.details : {}) as { rule?: unknown; issues?: unknown }
  const rule = typeof details.rule === 'string' ? details.rule : undefined
  const issues = Array.isArray(details.issues)
    ? details.issues.flatMap((issue: unknown) => {
        const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown }
        if (typeof message !== 'string') return []
        return [typeof path === 'string' && path !== '' ? `${path}: ${message}` : message]
      })
    : []
  return { message: error.message, ...(rule ? { rule } : {}), issues }
}
