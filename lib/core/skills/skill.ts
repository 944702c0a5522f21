/**
 * Skills: instructions plus resources and scripts, under a SkillFrontmatter.
 * - InlineSkill: defined in code (`new InlineSkill({ frontmatter, instructions })`, then
 *   `addResource` / `addScript`).
 * - ClassSkill: a reusable class; subclasses give `instructions` and may override
 *   `createResources()` / `createScripts()`.
 * - FileSkill: a directory with a SKILL.md, found by discovery (see discovery.ts).
 * Resource and script names are looked up case-insensitively. A skill's scripts (SkillScript) are
 * defined below.
 */
import { isAbsolute } from 'node:path'
import type { z } from 'zod'
import { SkillScriptError, SkillValidationError } from '../errors'
import { isZodSchema, jsonSchemaArgumentsValidator, zodArgumentsValidator, type ArgumentsValidator } from '../tools/arguments'
import { zodToToolSchema } from '../tools/zod-schema'
import type { JSONSchema } from '../types'
import { SkillFrontmatter } from './frontmatter'
import { SkillResource, type SkillResourceInit } from './resources'
import { codeSkillContent, fileSkillContent } from './skill-content'

export type SkillKind = 'inline' | 'class' | 'file'

function findByName<T extends { name: string }>(items: readonly T[], name: string): T | undefined {
  const wanted = name.toLowerCase()
  return items.find((item) => item.name.toLowerCase() === wanted)
}

function assertFrontmatter(frontmatter: unknown): asserts frontmatter is SkillFrontmatter {
  if (!(frontmatter instanceof SkillFrontmatter)) throw new SkillValidationError('A skill needs a SkillFrontmatter (frontmatter: new SkillFrontmatter({ … })).')
}

function assertUniqueNames(skillName: string, kind: 'resource' | 'script', items: readonly { name: string }[]): void {
  const seen = new Set<string>()
  for (const item of items) {
    const key = item.name.toLowerCase()
    if (seen.has(key)) throw new SkillValidationError(`Skill '${skillName}' already has a ${kind} named '${item.name}'.`)
    seen.add(key)
  }
}

export abstract class Skill {
  abstract readonly kind: SkillKind
  abstract readonly frontmatter: SkillFrontmatter

  get name(): string {
    return this.frontmatter.name
  }

  /** What load_skill returns. */
  abstract getContent(): Promise<string>

  abstract get resources(): readonly SkillResource[]

  abstract get scripts(): readonly SkillScript[]

  async getResource(name: string): Promise<SkillResource | undefined> {
    return findByName(this.resources, name)
  }

  async getScript(name: string): Promise<SkillScript | undefined> {
    return findByName(this.scripts, name)
  }
}

export interface InlineSkillInit {
  frontmatter: SkillFrontmatter
  instructions: string
  resources?: readonly SkillResource[]
  scripts?: readonly SkillScript[]
  /** Default argument parser for scripts added with addScript. */
  argumentParser?: SkillScriptArgumentParser
}

export class InlineSkill extends Skill {
  readonly kind = 'inline' as const
  readonly frontmatter: SkillFrontmatter
  readonly instructions: string
  private readonly resourceList: SkillResource[]
  private readonly scriptList: SkillScript[]
  private readonly argumentParser?: SkillScriptArgumentParser
  private cachedContent?: string

  constructor(init: InlineSkillInit) {
    super()
    assertFrontmatter(init?.frontmatter)
    if (typeof init.instructions !== 'string') throw new SkillValidationError(`Skill '${init.frontmatter.name}' needs instructions (a string).`)
    this.frontmatter = init.frontmatter
    this.instructions = init.instructions
    this.resourceList = [...(init.resources ?? [])]
    this.scriptList = [...(init.scripts ?? [])]
    this.argumentParser = init.argumentParser
    assertUniqueNames(this.name, 'resource', this.resourceList)
    assertUniqueNames(this.name, 'script', this.scriptList)
  }

  get resources(): readonly SkillResource[] {
    return this.resourceList
  }

  get scripts(): readonly SkillScript[] {
    return this.scriptList
  }

  /** Adds a resource (before the skill is first loaded: the content is cached then). */
  addResource(resource: SkillResource | SkillResourceInit): this {
    const item = resource instanceof SkillResource ? resource : new SkillResource(resource)
    assertUniqueNames(this.name, 'resource', [...this.resourceList, item])
    this.resourceList.push(item)
    return this
  }

  /** Adds a script; inline scripts get the skill's default argument parser unless they bring one. */
  addScript(script: SkillScript | SkillScriptInit): this {
    const item = script instanceof SkillScript ? script : new SkillScript({ argumentParser: this.argumentParser, ...script })
    assertUniqueNames(this.name, 'script', [...this.scriptList, item])
    this.scriptList.push(item)
    return this
  }

  async getContent(): Promise<string> {
    this.cachedContent ??= codeSkillContent(this.name, this.frontmatter.description, this.instructions, this.resourceList, this.scriptList)
    return this.cachedContent
  }
}

/**
 * A skill as a reusable class:
 *
 *   class UnitConverter extends ClassSkill {
 *     constructor() { super({ frontmatter: new SkillFrontmatter({ name: 'unit-converter', description: 'Convert units.' }) }) }
 *     get instructions() { return 'Use the convert script…' }
 *     protected override createScripts() { return [new SkillScript({ name: 'convert', function: ({ value }) => … })] }
 *   }
 */
export abstract class ClassSkill extends Skill {
  readonly kind = 'class' as const
  readonly frontmatter: SkillFrontmatter
  private cachedResources?: readonly SkillResource[]
  private cachedScripts?: readonly SkillScript[]
  private cachedContent?: string

  constructor(init: { frontmatter: SkillFrontmatter }) {
    super()
    assertFrontmatter(init?.frontmatter)
    this.frontmatter = init.frontmatter
  }

  abstract get instructions(): string

  protected createResources(): SkillResource[] {
    return []
  }

  protected createScripts(): SkillScript[] {
    return []
  }

  get resources(): readonly SkillResource[] {
    if (!this.cachedResources) {
      const created = this.createResources()
      assertUniqueNames(this.name, 'resource', created)
      this.cachedResources = created
    }
    return this.cachedResources
  }

  get scripts(): readonly SkillScript[] {
    if (!this.cachedScripts) {
      const created = this.createScripts()
      assertUniqueNames(this.name, 'script', created)
      this.cachedScripts = created
    }
    return this.cachedScripts
  }

  async getContent(): Promise<string> {
    this.cachedContent ??= codeSkillContent(this.name, this.frontmatter.description, this.instructions, this.resources, this.scripts)
    return this.cachedContent
  }
}

export interface FileSkillInit {
  frontmatter: SkillFrontmatter
  /** The SKILL.md text, frontmatter included. */
  content: string
  /** Absolute path of the skill directory. */
  path: string
  resources?: readonly SkillResource[]
  scripts?: readonly SkillScript[]
}

export class FileSkill extends Skill {
  readonly kind = 'file' as const
  readonly frontmatter: SkillFrontmatter
  readonly path: string
  readonly content: string
  private readonly resourceList: readonly SkillResource[]
  private readonly scriptList: readonly SkillScript[]
  private cachedContent?: string

  constructor(init: FileSkillInit) {
    super()
    assertFrontmatter(init?.frontmatter)
    if (typeof init.path !== 'string' || !isAbsolute(init.path))
      throw new SkillValidationError(`Skill '${init.frontmatter.name}' needs an absolute directory path.`)
    this.frontmatter = init.frontmatter
    this.path = init.path
    this.content = init.content
    this.resourceList = [...(init.resources ?? [])]
    this.scriptList = [...(init.scripts ?? [])]
  }

  get resources(): readonly SkillResource[] {
    return this.resourceList
  }

  get scripts(): readonly SkillScript[] {
    return this.scriptList
  }

  async getContent(): Promise<string> {
    this.cachedContent ??= fileSkillContent(this.content, this.resourceList, this.scriptList)
    return this.cachedContent
  }
}

/*
 * SkillScript: something a skill can run — an inline function (code-defined, runs in this
 * process) or a file (delegated to a SkillScriptRunner); exactly one. SkillScriptRunner is the
 * protocol for running file scripts: any `(skill, script, args, options) => result` function.
 * Scripts live with the skills: a skill lists its scripts and a script runs for a (file) skill.
 */

/** What a model may pass: named arguments, CLI-style strings, a JSON string, or nothing. */
export type SkillScriptArgs = Record<string, unknown> | string[] | string | null | undefined

export interface SkillScriptRunOptions {
  /** Runtime keyword arguments of the agent run (never chosen by the model). */
  kwargs?: Readonly<Record<string, unknown>>
  signal?: AbortSignal
}

export type SkillScriptFunction = (args: Record<string, unknown>, options: SkillScriptRunOptions) => unknown

/** Turns raw model arguments (e.g. a JSON string from some OpenAI-compatible servers) into named arguments. */
export type SkillScriptArgumentParser = (args: SkillScriptArgs) => Record<string, unknown> | null | undefined

/** Runs a file script of a file skill; the provider resolves names first, so runners get real objects. */
export type SkillScriptRunner = (skill: FileSkill, script: SkillScript, args: SkillScriptArgs, options: SkillScriptRunOptions) => unknown

export interface SkillScriptInit {
  name: string
  description?: string
  /** An inline script. */
  function?: SkillScriptFunction
  /** A file script: the absolute path of the file. */
  path?: string
  /** Parameters of an inline script (zod object or JSON Schema); shown to the model and checked before running. */
  parameters?: z.ZodType | JSONSchema
  argumentParser?: SkillScriptArgumentParser
  /** The runner for a file script. */
  runner?: SkillScriptRunner
}

export class SkillScript {
  readonly name: string
  readonly description?: string
  readonly function?: SkillScriptFunction
  readonly fullPath?: string
  readonly parametersSchema?: JSONSchema
  readonly argumentParser?: SkillScriptArgumentParser
  readonly runner?: SkillScriptRunner
  private readonly validator?: ArgumentsValidator<unknown>

  constructor(init: SkillScriptInit) {
    if (typeof init?.name !== 'string' || init.name.trim() === '') throw new SkillValidationError('Script name cannot be empty.')
    const { name } = init
    const hasFunction = init.function !== undefined && init.function !== null
    const hasPath = init.path !== undefined && init.path !== null
    if (!hasFunction && !hasPath) throw new SkillValidationError(`Script '${name}' must have either a function or a path.`)
    if (hasFunction && hasPath) throw new SkillValidationError(`Script '${name}' must have either a function or a path, not both.`)
    if (hasFunction && typeof init.function !== 'function') throw new SkillValidationError(`Script '${name}': function must be a function.`)
    if (hasPath && (typeof init.path !== 'string' || !isAbsolute(init.path))) {
      throw new SkillValidationError(`Script '${name}' needs an absolute path, got: '${String(init.path)}'.`)
    }
    this.name = name
    this.description = init.description
    this.function = init.function
    this.fullPath = init.path
    this.argumentParser = init.argumentParser
    this.runner = init.runner
    if (isZodSchema(init.parameters)) {
      this.parametersSchema = zodToToolSchema(name, init.parameters)
      this.validator = zodArgumentsValidator(init.parameters)
    } else if (init.parameters !== undefined) {
      this.parametersSchema = init.parameters
      this.validator = jsonSchemaArgumentsValidator(init.parameters)
    }
  }

  get isFileScript(): boolean {
    return this.fullPath !== undefined
  }

  /** Runs the script for `skill`: inline in this process, or through the runner for file scripts. */
  async run(skill: Skill, args: SkillScriptArgs, options: SkillScriptRunOptions = {}): Promise<unknown> {
    if (this.isFileScript) return this.runFile(skill, args, options)
    const named = this.namedArguments(args)
    return (this.function as SkillScriptFunction)(named, options)
  }

  private async runFile(skill: Skill, args: SkillScriptArgs, options: SkillScriptRunOptions): Promise<unknown> {
    if (skill.kind !== 'file') {
      throw new SkillScriptError(`File-based script '${this.name}' requires a FileSkill but received '${skill.constructor.name}'.`)
    }
    if (!this.runner) throw new SkillScriptError(`Script '${this.name}' requires a runner. Provide a scriptRunner for file-based scripts.`)
    return this.runner(skill as FileSkill, this, args, options)
  }

  private namedArguments(raw: SkillScriptArgs): Record<string, unknown> {
    const args = this.argumentParser ? this.argumentParser(raw) : raw
    if (typeof args === 'string') {
      throw new SkillValidationError(
        `Inline script '${this.name}' received string arguments that were not converted to an object. ` +
          "Configure an 'argumentParser' to convert string-encoded arguments into named arguments.",
      )
    }
    if (Array.isArray(args)) {
      throw new SkillValidationError(
        `Inline script '${this.name}' requires named arguments (an object), but received a list. ` +
          'Array-style arguments are only supported for file-based scripts.',
      )
    }
    const named = args ?? {}
    if (!this.validator) return named
    const checked = this.validator(named)
    if (!checked.ok) throw new SkillValidationError(`Invalid arguments for script '${this.name}': ${checked.problem}`)
    return checked.value as Record<string, unknown>
  }
}
