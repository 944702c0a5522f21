/**
 * SkillsProvider: a ContextProvider that offers skills by progressive disclosure — the system
 * prompt advertises names and descriptions (`<available_skills>`), `load_skill` returns a skill's
 * content, `read_skill_resource` and `run_skill_script` reach its resources and scripts. Every tool
 * requires approval unless disabled per tool.
 *
 *   const skills = await SkillsProvider.fromPaths(['./skills'])            // file skills (+ Node runner)
 *   const mixed = await SkillsProvider.fromPaths(['./skills'], { skills: [myInlineSkill] })
 *   new Agent({ client, contextProviders: [skills] })
 *   skills.loadErrors   // SKILL.md files that could not be loaded, with their path and rule
 */
import { SkillValidationError, type SkillFileError } from '../errors'
import { consoleLogger, type Logger } from '../logger'
import { ContextProvider, type ContextProviderRunArgs } from '../sessions/context-provider'
import type { FunctionTool } from '../tools/function-tool'
import { loadFileSkills, type FileSkillDiscoveryOptions } from './discovery'
import { createNodeScriptRunner } from './node-script-runner'
import { Skill, type SkillScriptRunner } from './skill'
import { createSkillTools } from './skills-tools'
import { skillsInstructions, validateInstructionTemplate } from './skills-prompt'

export interface SkillsProviderOptions {
  /** Replaces the default advertising prompt; must contain `{skills}`. */
  instructionTemplate?: string
  disableLoadSkillApproval?: boolean
  disableReadSkillResourceApproval?: boolean
  disableRunSkillScriptApproval?: boolean
  sourceId?: string
  logger?: Logger
}

export interface SkillsFromPathsOptions extends SkillsProviderOptions, Omit<FileSkillDiscoveryOptions, 'scriptRunner' | 'logger'> {
  /** Runs file scripts; defaults to the Node runner for .js/.mjs. `null` leaves file scripts unrunnable. */
  scriptRunner?: SkillScriptRunner | null
  /** Code-defined skills offered next to the file skills (a file skill wins a name clash). */
  skills?: readonly Skill[]
}

interface Discovery {
  paths: readonly string[]
  options: FileSkillDiscoveryOptions
  codeSkills: readonly Skill[]
}

export class SkillsProvider extends ContextProvider {
  static readonly DEFAULT_SOURCE_ID = 'agent_skills'

  private currentSkills: readonly Skill[] = []
  private currentErrors: readonly SkillFileError[] = []
  private readonly template?: string
  private readonly logger: Logger
  private discovery?: Discovery
  /** The three tools; they look skills up at call time, so a reload needs no new tools. */
  readonly tools: readonly FunctionTool[]

  constructor(skills: Skill | readonly Skill[], options: SkillsProviderOptions = {}) {
    super(options.sourceId ?? SkillsProvider.DEFAULT_SOURCE_ID)
    if (typeof skills === 'string') {
      throw new SkillValidationError(
        `SkillsProvider does not accept path strings directly. Use SkillsProvider.fromPaths(${JSON.stringify(skills)}) for file-based skills.`,
      )
    }
    const list = skills instanceof Skill ? [skills] : [...(skills ?? [])]
    for (const skill of list)
      if (!(skill instanceof Skill)) throw new SkillValidationError('SkillsProvider accepts Skill instances (InlineSkill, ClassSkill, FileSkill).')
    if (options.instructionTemplate !== undefined) validateInstructionTemplate(options.instructionTemplate)
    this.template = options.instructionTemplate
    this.logger = options.logger ?? consoleLogger
    this.currentSkills = this.deduplicate(list)
    this.tools = createSkillTools(
      () => this.currentSkills,
      {
        load: options.disableLoadSkillApproval ? 'never_require' : 'always_require',
        readResource: options.disableReadSkillResourceApproval ? 'never_require' : 'always_require',
        runScript: options.disableRunSkillScriptApproval ? 'never_require' : 'always_require',
      },
      this.logger,
    )
  }

  /** Discovers the file skills below `paths` (see discovery.ts) and adds `options.skills`. */
  static async fromPaths(paths: string | readonly string[], options: SkillsFromPathsOptions = {}): Promise<SkillsProvider> {
    const {
      skills = [],
      scriptRunner,
      instructionTemplate,
      disableLoadSkillApproval,
      disableReadSkillResourceApproval,
      disableRunSkillScriptApproval,
      sourceId,
      logger,
      ...discoveryOptions
    } = options
    const providerOptions: SkillsProviderOptions = {
      instructionTemplate,
      disableLoadSkillApproval,
      disableReadSkillResourceApproval,
      disableRunSkillScriptApproval,
      sourceId,
      logger,
    }
    const discovery: Discovery = {
      paths: typeof paths === 'string' ? [paths] : [...paths],
      options: {
        ...discoveryOptions,
        logger: logger ?? consoleLogger,
        scriptRunner: scriptRunner === null ? undefined : (scriptRunner ?? createNodeScriptRunner()),
      },
      codeSkills: skills,
    }
    const provider = new SkillsProvider([], providerOptions)
    provider.discovery = discovery
    await provider.reload()
    return provider
  }

  get skills(): readonly Skill[] {
    return this.currentSkills
  }

  /** SKILL.md files the last discovery could not load (each names its file and rule). */
  get loadErrors(): readonly SkillFileError[] {
    return this.currentErrors
  }

  /** The advertising text (undefined without skills). */
  get instructions(): string | undefined {
    return skillsInstructions(this.currentSkills, this.template)
  }

  /** Discovers the file skills again (for providers made with fromPaths). */
  async reload(): Promise<void> {
    if (!this.discovery) return
    const { skills, errors } = await loadFileSkills(this.discovery.paths, this.discovery.options)
    this.currentSkills = this.deduplicate([...skills, ...this.discovery.codeSkills])
    this.currentErrors = errors
  }

  override beforeRun({ context }: ContextProviderRunArgs): void {
    const instructions = this.instructions
    if (instructions === undefined) return
    context.extendInstructions(this.sourceId, instructions)
    context.extendTools(this.sourceId, this.tools)
  }

  /** First one wins, by name, case-insensitively. */
  private deduplicate(skills: readonly Skill[]): Skill[] {
    const seen = new Map<string, Skill>()
    for (const skill of skills) {
      const key = skill.name.toLowerCase()
      const existing = seen.get(key)
      if (existing) {
        this.logger.warn(`Duplicate skill name '${skill.name}': skill skipped in favor of existing skill '${existing.name}'`)
        continue
      }
      seen.set(key, skill)
    }
    return [...seen.values()]
  }
}
