export {
  MAX_COMPATIBILITY_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  SkillFrontmatter,
  VALID_NAME_PATTERN,
  validateSkillCompatibility,
  validateSkillDescription,
  validateSkillName,
} from './frontmatter'
export type { SkillFrontmatterInit } from './frontmatter'
export { ClassSkill, FileSkill, InlineSkill, Skill, SkillScript } from './skill'
export type { FileSkillInit, InlineSkillInit, SkillKind } from './skill'
export { FileSkillResource, SkillResource } from './resources'
export type { SkillResourceFunction, SkillResourceInit, SkillResourceReadOptions } from './resources'
export type { SkillScriptArgs, SkillScriptArgumentParser, SkillScriptFunction, SkillScriptInit, SkillScriptRunOptions, SkillScriptRunner } from './skill'
export { parseSkillMarkdown, splitFrontmatter } from './skill-md'
export type { ParsedSkillMarkdown } from './skill-md'
export {
  DEFAULT_DISCOVERY_DEPTH,
  DEFAULT_RESOURCE_EXTENSIONS,
  DEFAULT_SCRIPT_EXTENSIONS,
  DEFAULT_SEARCH_DEPTH,
  SKILL_FILE_NAME,
  discoverSkillDirectories,
  loadFileSkills,
  scanSkillFiles,
} from './discovery'
export type { FileSkillDiscovery, FileSkillDiscoveryOptions, SkillFileFilter } from './discovery'
export { DEFAULT_INHERITED_ENV, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_SCRIPT_TIMEOUT_MS, createNodeScriptRunner, scrubbedEnvironment } from './node-script-runner'
export type { NodeScriptRunnerOptions } from './node-script-runner'
export { DEFAULT_SKILLS_INSTRUCTION_PROMPT, RESOURCE_INSTRUCTIONS, SCRIPT_RUNNER_INSTRUCTIONS, skillsInstructions } from './skills-prompt'
export { LOAD_SKILL_TOOL_NAME, READ_SKILL_RESOURCE_TOOL_NAME, RUN_SKILL_SCRIPT_TOOL_NAME } from './skills-tools'
export { SkillsProvider } from './skills-provider'
export type { SkillsFromPathsOptions, SkillsProviderOptions } from './skills-provider'
export { escapeXml } from './skill-content'
export { SkillFileError, SkillScriptError, SkillValidationError } from '../errors'
export type { SkillFileRule } from '../errors'
