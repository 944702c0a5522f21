/**
 * Skills: instructions plus resources and scripts, under a SkillFrontmatter.
 * - InlineSkill: defined in code (`new InlineSkill({ frontmatter, instructions })`, then
 *   `addResource` / `addScript`).
 * - ClassSkill: a reusable class; subclasses give `instructions` and may override
 *   `createResources()` / `createScripts()`.
 * - FileSkill: a directory with a SKILL.md, found by discovery (see discovery.ts).
 * Resource and script names are looked up case-insensitively.
 */
import { isAbsolute } from 'node:path'
import { SkillValidationError } from '../errors'
import { SkillFrontmatter } from './frontmatter'
import { SkillResource, type SkillResourceInit } from './resources'
import { SkillScript, type SkillScriptArgumentParser, type SkillScriptInit } from './scripts'
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
    if (typeof init.path !== 'string' || !isAbsolute(init.path)) throw new SkillValidationError(`Skill '${init.frontmatter.name}' needs an absolute directory path.`)
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
