/**
 * The system-prompt text that advertises skills: an `<available_skills>` list (names and
 * descriptions, sorted by name, XML-escaped) inside a template with `{skills}` and optional
 * `{resource_instructions}` / `{runner_instructions}` placeholders. Literal braces are doubled.
 */
import { SkillValidationError } from '../errors'
import { escapeXml } from './skill-content'
import type { Skill } from './skill'

export const DEFAULT_SKILLS_INSTRUCTION_PROMPT = `You have access to skills containing domain-specific knowledge and capabilities.
Each skill provides specialized instructions, reference documents, and assets for specific tasks.

<available_skills>
{skills}
</available_skills>

When a task aligns with a skill's domain, follow these steps in exact order:
- Use \`load_skill\` to retrieve the skill's instructions.
- Follow the provided guidance.
{resource_instructions}
{runner_instructions}
Only load what is needed, when it is needed.`

export const RESOURCE_INSTRUCTIONS =
  '- Use `read_skill_resource` only for a resource explicitly referenced by the loaded skill.\n' +
  '- Pass its resource path exactly as written in that skill.\n' +
  '- Never infer or guess resource paths.\n'

export const SCRIPT_RUNNER_INSTRUCTIONS =
  '- Use `run_skill_script` to run referenced scripts, using the name exactly as listed.\n' +
  '- Pass script arguments inside `args` as a JSON object (e.g. `args: {"length": 24}`), not as top-level tool parameters.\n'

const PLACEHOLDERS = new Set(['skills', 'resource_instructions', 'runner_instructions'])

/** `{name}` → value; `{{` / `}}` → literal braces; anything else with braces is an error. */
function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}|[{}]/g, (match, name: string | undefined) => {
    if (match === '{{') return '{'
    if (match === '}}') return '}'
    if (name !== undefined && PLACEHOLDERS.has(name)) return values[name]
    throw new SkillValidationError(
      "The provided instructionTemplate is not a valid format string. It must contain a '{skills}' placeholder and escape any literal '{' or '}' by doubling them ('{{' or '}}').",
    )
  })
}

/** Throws when a custom template cannot be used. */
export function validateInstructionTemplate(template: string): void {
  const probe = format(template, { skills: '__PROBE__', resource_instructions: '', runner_instructions: '' })
  if (!probe.includes('__PROBE__')) throw new SkillValidationError("The provided instructionTemplate must contain a '{skills}' placeholder.")
}

/** The advertising text, or undefined when there are no skills. */
export function skillsInstructions(skills: readonly Skill[], template: string = DEFAULT_SKILLS_INSTRUCTION_PROMPT): string | undefined {
  if (skills.length === 0) return undefined
  const lines: string[] = []
  for (const skill of [...skills].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    lines.push(
      '  <skill>',
      `    <name>${escapeXml(skill.name)}</name>`,
      `    <description>${escapeXml(skill.frontmatter.description)}</description>`,
      '  </skill>',
    )
  }
  return format(template, { skills: lines.join('\n'), resource_instructions: RESOURCE_INSTRUCTIONS, runner_instructions: SCRIPT_RUNNER_INSTRUCTIONS })
}
