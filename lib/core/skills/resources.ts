/**
 * SkillResource: named supplementary content of a skill — static text, or a (sync or async)
 * function that produces it on demand; exactly one. FileSkillResource reads a file of a skill
 * directory, re-checking on every read that the path holds no symbolic link.
 */
import { SkillValidationError } from '../errors'
import { readSkillFile } from './skill-files'

export interface SkillResourceReadOptions {
  /** Runtime keyword arguments of the agent run (never chosen by the model). */
  kwargs?: Readonly<Record<string, unknown>>
  signal?: AbortSignal
}

export type SkillResourceFunction = (options: SkillResourceReadOptions) => unknown

export interface SkillResourceInit {
  name: string
  description?: string
  content?: string
  function?: SkillResourceFunction
}

export class SkillResource {
  readonly name: string
  readonly description?: string
  readonly content?: string
  readonly function?: SkillResourceFunction

  constructor(init: SkillResourceInit) {
    if (typeof init?.name !== 'string' || init.name.trim() === '') throw new SkillValidationError('Resource name cannot be empty.')
    const hasContent = init.content !== undefined && init.content !== null
    const hasFunction = init.function !== undefined && init.function !== null
    if (!hasContent && !hasFunction) throw new SkillValidationError(`Resource '${init.name}' must have either content or function.`)
    if (hasContent && hasFunction) throw new SkillValidationError(`Resource '${init.name}' must have either content or function, not both.`)
    if (hasFunction && typeof init.function !== 'function') throw new SkillValidationError(`Resource '${init.name}': function must be a function.`)
    this.name = init.name
    this.description = init.description
    this.content = hasContent ? String(init.content) : undefined
    this.function = init.function
  }

  /** The static content, or what the function returns (awaited). */
  async read(options: SkillResourceReadOptions = {}): Promise<unknown> {
    if (this.content !== undefined) return this.content
    return (this.function as SkillResourceFunction)(options)
  }
}

export class FileSkillResource extends SkillResource {
  /** The skill directory the resource belongs to. */
  readonly skillDirectory: string

  constructor(init: { name: string; skillDirectory: string; description?: string }) {
    const { name, skillDirectory } = init
    super({ name, description: init.description, function: () => readSkillFile(skillDirectory, name) })
    this.skillDirectory = skillDirectory
  }
}
