/**
 * SkillScript: something a skill can run — an inline function (code-defined, runs in this
 * process) or a file (delegated to a SkillScriptRunner); exactly one. SkillScriptRunner is the
 * protocol for running file scripts: any `(skill, script, args, options) => result` function.
 */
import { isAbsolute } from 'node:path'
import type { z } from 'zod'
import { SkillScriptError, SkillValidationError } from '../errors'
import { isZodSchema, jsonSchemaArgumentsValidator, zodArgumentsValidator, type ArgumentsValidator } from '../tools/arguments'
import type { JSONSchema } from '../tools/function-tool'
import { zodToToolSchema } from '../tools/zod-schema'
import type { FileSkill, Skill } from './skill'

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
