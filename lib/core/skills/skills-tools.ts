/**
 * The three tools of progressive disclosure: load_skill (the skill's full content),
 * read_skill_resource and run_skill_script. Unknown or empty names come back as `Error: …` text
 * the model can act on; failures while reading or running are raised (the function-invocation
 * loop decides how much of them the model sees).
 */
import { z } from 'zod'
import { SkillValidationError } from '../errors'
import type { Logger } from '../logger'
import type { ApprovalMode, FunctionTool } from '../tools/function-tool'
import { tool } from '../tools/tool'
import type { Skill, SkillScriptArgs } from './skill'

export const LOAD_SKILL_TOOL_NAME = 'load_skill'
export const READ_SKILL_RESOURCE_TOOL_NAME = 'read_skill_resource'
export const RUN_SKILL_SCRIPT_TOOL_NAME = 'run_skill_script'

export interface SkillToolModes {
  load: ApprovalMode
  readResource: ApprovalMode
  runScript: ApprovalMode
}

function findSkill(skills: readonly Skill[], name: string): Skill | undefined {
  const wanted = name.toLowerCase()
  return skills.find((skill) => skill.name.toLowerCase() === wanted)
}

const blank = (value: string | undefined) => value === undefined || value.trim() === ''

const scriptArgs = z
  .union([
    z.record(z.string(), z.unknown()).describe('Named arguments as key-value pairs (e.g. {"length": 24, "uppercase": true}).'),
    z.array(z.string()).describe('Positional CLI arguments as a string array (e.g. ["input.docx", "--output", "result.idx"]).'),
    z.string().describe('Arguments encoded as one JSON text.'),
    z.null(),
  ])
  .optional()
  .describe(
    'Arguments to pass to the script. Use an array of strings for CLI-style positional arguments ' +
      '(e.g. ["input.docx", "--output", "result.idx"]), or an object for named parameters ' +
      '(e.g. {"length": 24, "uppercase": true}). How these values are mapped to the underlying script ' +
      'is determined by the script implementation or configured runner.',
  )

/** Some OpenAI-compatible servers send `args` as JSON text: decode objects and arrays, keep other text as is. */
function decodeArgs(args: SkillScriptArgs): SkillScriptArgs {
  if (typeof args !== 'string') return args
  try {
    const decoded: unknown = JSON.parse(args)
    if (decoded === null || typeof decoded === 'object') return decoded as SkillScriptArgs
  } catch {
    // Not JSON: the script's argument parser may know what to do with it.
  }
  return args
}

export function createSkillTools(skills: () => readonly Skill[], modes: SkillToolModes, logger: Logger): FunctionTool[] {
  const loadSkill = tool({
    name: LOAD_SKILL_TOOL_NAME,
    description: 'Loads the full instructions for a specific skill.',
    parameters: z.object({ skill_name: z.string().describe('The name of the skill to load.') }),
    approvalMode: modes.load,
    execute: async ({ skill_name }) => {
      if (blank(skill_name)) return 'Error: Skill name cannot be empty.'
      const skill = findSkill(skills(), skill_name)
      if (!skill) return `Error: Skill '${skill_name}' not found.`
      logger.info(`Loading skill: ${skill_name}`)
      return skill.getContent()
    },
  })

  const readResource = tool({
    name: READ_SKILL_RESOURCE_TOOL_NAME,
    description: 'Reads a resource associated with a skill, such as references, assets, or dynamic data.',
    parameters: z.object({
      skill_name: z.string().describe('The name of the skill.'),
      resource_name: z.string().describe('The name of the resource.'),
    }),
    approvalMode: modes.readResource,
    execute: async ({ skill_name, resource_name }, { kwargs, signal }) => {
      if (blank(skill_name)) return 'Error: Skill name cannot be empty.'
      if (blank(resource_name)) return 'Error: Resource name cannot be empty.'
      const skill = findSkill(skills(), skill_name)
      if (!skill) return `Error: Skill '${skill_name}' not found.`
      const resource = await skill.getResource(resource_name)
      if (!resource) return `Error: Resource '${resource_name}' not found in skill '${skill_name}'.`
      try {
        return await resource.read({ kwargs, signal })
      } catch (error) {
        logger.error(`Failed to read resource '${resource_name}' from skill '${skill_name}': ${(error as Error).message}`)
        throw error
      }
    },
  })

  const runScript = tool({
    name: RUN_SKILL_SCRIPT_TOOL_NAME,
    description: 'Runs a script associated with a skill.',
    parameters: z.object({
      skill_name: z.string().describe('The name of the skill.'),
      script_name: z
        .string()
        .describe(
          'The name of the script to run as listed in the skill, preserving any directory prefix exactly as shown. Do not add or remove path prefixes.',
        ),
      args: scriptArgs,
    }),
    approvalMode: modes.runScript,
    execute: async ({ skill_name, script_name, args }, { kwargs, signal }) => {
      if (blank(skill_name)) return 'Error: Skill name cannot be empty.'
      if (blank(script_name)) return 'Error: Script name cannot be empty.'
      const skill = findSkill(skills(), skill_name)
      if (!skill) return `Error: Skill '${skill_name}' not found.`
      const script = await skill.getScript(script_name)
      if (!script) return `Error: Script '${script_name}' not found in skill '${skill_name}'.`
      try {
        return await script.run(skill, decodeArgs(args as SkillScriptArgs), { kwargs, signal })
      } catch (error) {
        // Wrong arguments are the model's to fix; anything else is a failure of the script.
        if (error instanceof SkillValidationError) return `Error: ${error.message}`
        logger.error(`Error running script '${script_name}' in skill '${skill_name}': ${(error as Error).message}`)
        throw error
      }
    },
  })

  return [loadSkill, readResource, runScript] as FunctionTool[]
}
