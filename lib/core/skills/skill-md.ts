/**
 * Parsing a SKILL.md: YAML frontmatter between `---` lines (an optional BOM before the first),
 * read with the `yaml` library, then checked with SkillFrontmatter's rules. Every problem is a
 * SkillFileError carrying the file path and the rule broken, so discovery can report it and load
 * the other skills.
 */
import { parseDocument } from 'yaml'
import { SkillFileError, SkillValidationError, type SkillFileRule } from '../errors'
import { SkillFrontmatter, validateSkillCompatibility, validateSkillDescription, validateSkillName } from './frontmatter'

export interface ParsedSkillMarkdown {
  frontmatter: SkillFrontmatter
  /** The text after the closing `---` line. */
  body: string
}

const FENCE = /^---[ \t]*$/

/** Splits off the frontmatter block; undefined when the file does not start with one. */
export function splitFrontmatter(content: string): { yaml: string; body: string } | undefined {
  const text = content.startsWith('\uFEFF') ? content.slice(1) : content
  const lines = text.split('\n')
  if (!FENCE.test(lines[0]?.replace(/\r$/, '') ?? '')) return undefined
  for (let index = 1; index < lines.length; index++) {
    if (FENCE.test(lines[index].replace(/\r$/, ''))) {
      const yaml = lines
        .slice(1, index)
        .map((line) => line.replace(/\r$/, ''))
        .join('\n')
      if (yaml.trim() === '') return undefined
      return { yaml, body: lines.slice(index + 1).join('\n') }
    }
  }
  return undefined
}

function fail(filePath: string, rule: SkillFileRule, message: string, cause?: unknown): never {
  throw new SkillFileError(filePath, rule, message, cause === undefined ? undefined : { cause })
}

function invalid(filePath: string, rule: SkillFileRule, problem: string, cause?: unknown): never {
  fail(filePath, rule, `Invalid SKILL.md at '${filePath}': ${problem}`, cause)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A text field: strings as written, numbers and booleans as text, absent or null as undefined. */
function textField(filePath: string, data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  invalid(filePath, 'invalid_field', `'${key}' must be text.`)
}

function allowedToolsField(filePath: string, data: Record<string, unknown>): string | undefined {
  const value = data['allowed-tools']
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(' ')
  return textField(filePath, data, 'allowed-tools')
}

function metadataField(filePath: string, data: Record<string, unknown>): Record<string, string> | undefined {
  const value = data.metadata
  if (value === undefined || value === null) return undefined
  if (!isPlainObject(value)) invalid(filePath, 'invalid_field', "'metadata' must be a mapping of names to text values.")
  const metadata: Record<string, string> = {}
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') metadata[key] = String(item)
    else invalid(filePath, 'invalid_field', `'metadata.${key}' must be a text value.`)
  }
  return metadata
}

function check(filePath: string, rule: SkillFileRule, validate: () => void): void {
  try {
    validate()
  } catch (error) {
    if (error instanceof SkillValidationError) invalid(filePath, rule, error.message, error)
    throw error
  }
}

/** Parses SKILL.md text; `filePath` is used in messages only. */
export function parseSkillMarkdown(content: string, filePath: string): ParsedSkillMarkdown {
  const split = splitFrontmatter(content)
  if (!split) fail(filePath, 'missing_frontmatter', `SKILL.md at '${filePath}' does not contain valid YAML frontmatter delimited by '---'`)

  const document = parseDocument(split.yaml, { uniqueKeys: true, prettyErrors: true })
  const yamlError = document.errors[0]
  if (yamlError) {
    const firstLine = yamlError.message.split('\n')[0].replace(/:$/, '')
    fail(filePath, 'invalid_yaml', `SKILL.md at '${filePath}' has invalid YAML frontmatter: ${firstLine}`, yamlError)
  }
  let data: unknown
  try {
    data = document.toJS({ maxAliasCount: 50 })
  } catch (error) {
    fail(filePath, 'invalid_yaml', `SKILL.md at '${filePath}' has invalid YAML frontmatter: ${(error as Error).message}`, error)
  }
  if (!isPlainObject(data)) fail(filePath, 'frontmatter_not_a_mapping', `SKILL.md at '${filePath}' has frontmatter that is not a mapping of fields.`)

  const name = textField(filePath, data, 'name') ?? ''
  const description = textField(filePath, data, 'description') ?? ''
  const compatibility = textField(filePath, data, 'compatibility')
  check(filePath, 'invalid_name', () => validateSkillName(name))
  check(filePath, 'invalid_description', () => validateSkillDescription(name, description))
  check(filePath, 'invalid_compatibility', () => validateSkillCompatibility(compatibility))
  const frontmatter = new SkillFrontmatter({
    name,
    description,
    compatibility,
    license: textField(filePath, data, 'license'),
    allowedTools: allowedToolsField(filePath, data),
    metadata: metadataField(filePath, data),
  })
  return { frontmatter, body: split.body }
}
