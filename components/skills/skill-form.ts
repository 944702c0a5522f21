/**
 * The "New skill" form's logic, kept apart from React: the SKILL.md template it starts from, the
 * request it sends, and how a refused save is explained (the rule a SKILL.md broke, the fields
 * of a malformed request), each message under the field it concerns.
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

const isSent = (row: ResourceRow) => row.name.trim() !== '' || row.content !== ''

/** The request body: resource rows left entirely empty are dropped, names are trimmed. */
export function createRequest(content: string, rows: readonly ResourceRow[]): { content: string; resources?: StoredResource[] } {
  const resources = rows.filter(isSent).map((row) => ({ name: row.name.trim(), content: row.content }))
  return resources.length === 0 ? { content } : { content, resources }
}

/** For each resource the request sends, the form row it came from (empty rows are not sent, so the indexes differ). */
export function sentRowIndexes(rows: readonly ResourceRow[]): number[] {
  return rows.flatMap((row, index) => (isSent(row) ? [index] : []))
}

/**
 * A refused save, each message once and beside what it concerns: SKILL.md (a rule it broke, or
 * its own field), a resource's name or content, or — when it concerns no field — the form.
 */
export interface SaveProblem {
  /** What is wrong with SKILL.md; `rule` when it broke one (invalid_name, missing_frontmatter, …). */
  content?: { message: string; rule?: string }
  /** By resource row: what is wrong with its name or its content. */
  resources: Record<number, { name?: string; content?: string }>
  /** What concerns no single field. */
  general?: string
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
  if (!(error instanceof ApiError)) return { resources: {}, general: error instanceof Error ? error.message : 'Something went wrong.' }
  const details = (typeof error.details === 'object' && error.details !== null ? error.details : {}) as { rule?: unknown; issues?: unknown }
  // A SKILL.md the library refused names the rule; the message is about SKILL.md.
  if (typeof details.rule === 'string') return { content: { message: error.message, rule: details.rule }, resources: {} }
  const issues = Array.isArray(details.issues) ? (details.issues as Array<{ path?: unknown; message?: unknown }>) : []
  const problem: SaveProblem = { resources: {} }
  const unplaced: string[] = []
  for (const issue of issues) {
    if (typeof issue?.message !== 'string') continue
    const path = typeof issue.path === 'string' ? issue.path : ''
    const resource = /^resources\.(\d+)\.(name|content)$/.exec(path)
    if (resource) {
      const row = (problem.resources[Number(resource[1])] ??= {})
      row[resource[2] as 'name' | 'content'] ??= issue.message
    } else if (path === 'content') {
      problem.content ??= { message: issue.message }
    } else {
      unplaced.push(issue.message)
    }
  }
  // The answer's own message repeats the issues ("Invalid request body: …"): shown only when no field took them.
  if (unplaced.length > 0) problem.general = unplaced.join(' ')
  else if (issues.length === 0) problem.general = error.message
  return problem
}
