import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../agents'
import { SkillValidationError } from '../errors'
import { silentLogger, type Logger } from '../logger'
import { AgentSession } from '../sessions/agent-session'
import { SessionContext } from '../sessions/session-context'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing'
import type { FunctionTool } from '../tools/function-tool'
import { ChatResponse, Message, toFunctionApprovalResponse } from '../types'
import { SkillFrontmatter } from './frontmatter'
import { InlineSkill } from './skill'
import { SkillsProvider } from './skills-provider'

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples/skills')

function dbSkill(): InlineSkill {
  return new InlineSkill({
    frontmatter: new SkillFrontmatter({ name: 'db-skill', description: 'Query and manage a relational database' }),
    instructions: 'Always validate table names against the schema before querying.',
  })
    .addResource({ name: 'schema', function: ({ kwargs }) => `CREATE TABLE users; -- for ${String(kwargs?.tenant ?? 'anyone')}` })
    .addScript({ name: 'execute-query', parameters: z.object({ query: z.string() }), function: ({ query }) => `Executed: ${query} → 3 rows` })
}

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = []
  return { ...silentLogger, warn: (message: string) => warnings.push(message), warnings }
}

async function runBeforeRun(provider: SkillsProvider): Promise<SessionContext> {
  const context = new SessionContext({ inputMessages: [] })
  await provider.beforeRun({ agent: new Agent({ client: new ScriptedChatClient() }), session: new AgentSession(), context, state: {} })
  return context
}

function toolOf(provider: SkillsProvider, name: string): FunctionTool {
  return provider.tools.find((t) => t.name === name)!
}

async function call(provider: SkillsProvider, name: string, args: Record<string, unknown>, kwargs: Record<string, unknown> = {}): Promise<unknown> {
  const fn = toolOf(provider, name)
  const parsed = fn.parseArguments(args)
  if (!parsed.ok) throw new Error(parsed.problem)
  return fn.invoke(parsed.value, { kwargs })
}

describe('SkillsProvider', () => {
  it('adds the advertising prompt and the three tools to a run', async () => {
    const provider = new SkillsProvider([dbSkill()], { logger: silentLogger })
    const context = await runBeforeRun(provider)
    expect(context.tools.map((t) => (t as FunctionTool).name)).toEqual(['load_skill', 'read_skill_resource', 'run_skill_script'])
    expect(context.instructions).toHaveLength(1)
    expect(context.instructions[0]).toContain(
      '<available_skills>\n  <skill>\n    <name>db-skill</name>\n    <description>Query and manage a relational database</description>',
    )
    expect(provider.sourceId).toBe('agent_skills')
  })

  it('adds nothing when there are no skills', async () => {
    const context = await runBeforeRun(new SkillsProvider([]))
    expect(context.tools).toEqual([])
    expect(context.instructions).toEqual([])
  })

  it('requires approval for every tool unless disabled per tool', () => {
    const modes = (provider: SkillsProvider) => provider.tools.map((t) => t.approvalMode)
    expect(modes(new SkillsProvider(dbSkill()))).toEqual(['always_require', 'always_require', 'always_require'])
    expect(modes(new SkillsProvider(dbSkill(), { disableLoadSkillApproval: true }))).toEqual(['never_require', 'always_require', 'always_require'])
    expect(modes(new SkillsProvider(dbSkill(), { disableReadSkillResourceApproval: true }))).toEqual(['always_require', 'never_require', 'always_require'])
    expect(modes(new SkillsProvider(dbSkill(), { disableRunSkillScriptApproval: true }))).toEqual(['always_require', 'always_require', 'never_require'])
  })

  it('loads, reads and runs, answering bad names with errors the model can act on', async () => {
    const provider = new SkillsProvider([dbSkill()], { logger: silentLogger })
    expect(await call(provider, 'load_skill', { skill_name: 'DB-SKILL' })).toContain('<instructions>\nAlways validate table names')
    expect(await call(provider, 'load_skill', { skill_name: ' ' })).toBe('Error: Skill name cannot be empty.')
    expect(await call(provider, 'load_skill', { skill_name: 'nope' })).toBe("Error: Skill 'nope' not found.")
    expect(await call(provider, 'read_skill_resource', { skill_name: 'db-skill', resource_name: 'SCHEMA' }, { tenant: 'acme' })).toBe(
      'CREATE TABLE users; -- for acme',
    )
    expect(await call(provider, 'read_skill_resource', { skill_name: 'db-skill', resource_name: '' })).toBe('Error: Resource name cannot be empty.')
    expect(await call(provider, 'read_skill_resource', { skill_name: 'db-skill', resource_name: 'other' })).toBe(
      "Error: Resource 'other' not found in skill 'db-skill'.",
    )
    expect(await call(provider, 'read_skill_resource', { skill_name: 'x', resource_name: 'schema' })).toBe("Error: Skill 'x' not found.")
    expect(await call(provider, 'run_skill_script', { skill_name: 'db-skill', script_name: 'execute-query', args: { query: 'SELECT 1' } })).toBe(
      'Executed: SELECT 1 → 3 rows',
    )
    expect(await call(provider, 'run_skill_script', { skill_name: 'db-skill', script_name: 'execute-query', args: '{"query":"SELECT 2"}' })).toBe(
      'Executed: SELECT 2 → 3 rows',
    )
    expect(await call(provider, 'run_skill_script', { skill_name: 'db-skill', script_name: 'execute-query', args: ['x'] })).toMatch(
      /^Error: Inline script 'execute-query' requires named arguments/,
    )
    expect(await call(provider, 'run_skill_script', { skill_name: 'db-skill', script_name: 'execute-query', args: {} })).toMatch(
      /^Error: Invalid arguments for script 'execute-query': query: /,
    )
    expect(await call(provider, 'run_skill_script', { skill_name: 'db-skill', script_name: '' })).toBe('Error: Script name cannot be empty.')
    expect(await call(provider, 'run_skill_script', { skill_name: 'db-skill', script_name: 'drop-all' })).toBe(
      "Error: Script 'drop-all' not found in skill 'db-skill'.",
    )
  })

  it('raises failures of resources and scripts (the invocation loop reports them)', async () => {
    const skill = new InlineSkill({ frontmatter: new SkillFrontmatter({ name: 'broken', description: 'Fails.' }), instructions: 'i' })
      .addResource({ name: 'r', function: () => Promise.reject(new Error('resource backend down')) })
      .addScript({
        name: 's',
        function: () => {
          throw new Error('script crashed')
        },
      })
    const provider = new SkillsProvider(skill, { logger: silentLogger })
    await expect(call(provider, 'read_skill_resource', { skill_name: 'broken', resource_name: 'r' })).rejects.toThrow('resource backend down')
    await expect(call(provider, 'run_skill_script', { skill_name: 'broken', script_name: 's' })).rejects.toThrow('script crashed')
  })

  it('keeps the first of skills with the same name (case-insensitive) and warns', () => {
    const logger = recordingLogger()
    const second = new InlineSkill({ frontmatter: new SkillFrontmatter({ name: 'db-skill', description: 'Another' }), instructions: 'i' })
    const provider = new SkillsProvider([dbSkill(), second], { logger })
    expect(provider.skills.map((s) => s.frontmatter.description)).toEqual(['Query and manage a relational database'])
    expect(logger.warnings).toEqual(["Duplicate skill name 'db-skill': skill skipped in favor of existing skill 'db-skill'"])
  })

  it('refuses path strings, non-skills and bad templates at construction', () => {
    expect(() => new SkillsProvider('./skills' as never)).toThrow(
      new SkillValidationError('SkillsProvider does not accept path strings directly. Use SkillsProvider.fromPaths("./skills") for file-based skills.'),
    )
    expect(() => new SkillsProvider([{ name: 'x' }] as never)).toThrow(SkillValidationError)
    expect(() => new SkillsProvider([], { instructionTemplate: 'no placeholder' })).toThrow("must contain a '{skills}' placeholder")
    const custom = new SkillsProvider(dbSkill(), { instructionTemplate: 'Skills:\n{skills}' })
    expect(custom.instructions).toBe(
      'Skills:\n  <skill>\n    <name>db-skill</name>\n    <description>Query and manage a relational database</description>\n  </skill>',
    )
  })

  it('discovers file skills from paths, adds code-defined ones and reports broken SKILL.md files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentloom-provider-'))
    try {
      await mkdir(join(dir, 'broken'))
      await writeFile(join(dir, 'broken', 'SKILL.md'), '---\nname: broken\n---\n')
      const provider = await SkillsProvider.fromPaths([EXAMPLES, dir], { skills: [dbSkill()], logger: silentLogger })
      expect(provider.skills.map((s) => s.name)).toEqual(['meeting-notes', 'text-tools', 'unit-converter', 'db-skill'])
      expect(provider.loadErrors.map((e) => [e.filePath, e.rule])).toEqual([[join(dir, 'broken', 'SKILL.md'), 'invalid_description']])
      expect(await call(provider, 'read_skill_resource', { skill_name: 'text-tools', resource_name: 'references/style-guide.md' })).toContain(
        '# Title style guide',
      )
      const loaded = (await call(provider, 'load_skill', { skill_name: 'unit-converter' })) as string
      expect(loaded).toMatch(/^---\nname: unit-converter\n/)
      expect(loaded).toContain('<available_scripts>\n  <script name="scripts/convert.mjs"/>\n</available_scripts>')

      await writeFile(join(dir, 'broken', 'SKILL.md'), '---\nname: broken\ndescription: Fixed now.\n---\n')
      await provider.reload()
      expect(provider.skills.map((s) => s.name)).toContain('broken')
      expect(provider.loadErrors).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('leaves file scripts unrunnable when the script runner is null', async () => {
    const provider = await SkillsProvider.fromPaths(EXAMPLES, { scriptRunner: null, logger: silentLogger })
    await expect(call(provider, 'run_skill_script', { skill_name: 'text-tools', script_name: 'scripts/slugify.mjs', args: { text: 'x' } })).rejects.toThrow(
      "Script 'scripts/slugify.mjs' requires a runner. Provide a scriptRunner for file-based scripts.",
    )
  })

  it('holds load_skill for approval inside an agent run, then answers with the skill', async () => {
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('load_skill', { skill_name: 'db-skill' })),
      modelResponse((messages) => {
        const result = messages.flatMap((m) => m.contents).find((c) => c.type === 'function_result')
        const text = String((result as { result: unknown }).result).includes('<name>db-skill</name>') ? 'loaded' : 'missing'
        return new ChatResponse({ messages: [new Message({ role: 'assistant', text })] })
      }),
    ])
    const agent = new Agent({ client, contextProviders: [new SkillsProvider(dbSkill(), { logger: silentLogger })] })
    const session = new AgentSession()
    const first = await agent.run('Which tables are there?', { session })
    expect(first.userInputRequests.map((r) => r.functionCall.name)).toEqual(['load_skill'])
    expect(client.calls[0].options.instructions).toContain('<available_skills>')
    const second = await agent.run(new Message({ role: 'user', contents: [toFunctionApprovalResponse(first.userInputRequests[0], true)] }), { session })
    expect(second.text).toBe('loaded')
    client.assertComplete()
  })
})
