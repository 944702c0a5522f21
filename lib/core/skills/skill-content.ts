/**
 * The text a model gets from load_skill: the SKILL.md (or, for code-defined skills, an XML document
 * of name, description and instructions) followed by `<available_resources>` and
 * `<available_scripts>` blocks. Empty blocks are still emitted, self-closing, so the model knows
 * there is nothing to guess.
 */
import type { JSONSchema } from '../types'

/** XML escaping of text and (by default) attribute quotes. */
export function escapeXml(text: string, { quote = true }: { quote?: boolean } = {}): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return quote ? escaped.replace(/"/g, '&quot;').replace(/'/g, '&#x27;') : escaped
}

export interface DescribedEntry {
  name: string
  description?: string
}

export interface ScriptEntry extends DescribedEntry {
  parametersSchema?: JSONSchema
}

function attributes(entry: DescribedEntry): string {
  let attrs = `name="${escapeXml(entry.name)}"`
  if (entry.description) attrs += ` description="${escapeXml(entry.description)}"`
  return attrs
}

export function availableResourcesBlock(resources: readonly DescribedEntry[]): string {
  if (resources.length === 0) return '<available_resources />'
  return `<available_resources>\n${resources.map((r) => `  <resource ${attributes(r)}/>`).join('\n')}\n</available_resources>`
}

function scriptElement(script: ScriptEntry): string {
  if (!script.parametersSchema) return `  <script ${attributes(script)}/>`
  const schema = escapeXml(JSON.stringify(script.parametersSchema), { quote: false })
  return `  <script ${attributes(script)}>\n    <parameters_schema>${schema}</parameters_schema>\n  </script>`
}

export function availableScriptsBlock(scripts: readonly ScriptEntry[]): string {
  if (scripts.length === 0) return '<available_scripts />'
  return `<available_scripts>\n${scripts.map(scriptElement).join('\n')}\n</available_scripts>`
}

/** The content of a code-defined skill. */
export function codeSkillContent(
  name: string,
  description: string,
  instructions: string,
  resources: readonly DescribedEntry[],
  scripts: readonly ScriptEntry[],
): string {
  return (
    `<name>${escapeXml(name)}</name>\n` +
    `<description>${escapeXml(description)}</description>\n\n` +
    `<instructions>\n${instructions}\n</instructions>` +
    `\n\n${availableResourcesBlock(resources)}` +
    `\n\n${availableScriptsBlock(scripts)}`
  )
}

/** The content of a file skill: the SKILL.md text as written, then the blocks. */
export function fileSkillContent(skillMarkdown: string, resources: readonly DescribedEntry[], scripts: readonly ScriptEntry[]): string {
  return `${skillMarkdown}\n\n${availableResourcesBlock(resources)}\n\n${availableScriptsBlock(scripts)}`
}
