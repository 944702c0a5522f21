/** The example skills end to end: an agent loads a skill and runs its Node scripts (real child processes). */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { silentLogger } from '../logger'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing'
import type { FunctionResultContent, Message } from '../types'
import { SkillsProvider } from './skills-provider'

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples/skills')

function toolResults(messages: Message[]): FunctionResultContent[] {
  return messages.flatMap((m) => m.contents).filter((c): c is FunctionResultContent => c.type === 'function_result')
}

describe('SkillsProvider with the example skills and the Node script runner', () => {
  it('runs the example scripts through run_skill_script', async () => {
    const provider = await SkillsProvider.fromPaths(EXAMPLES, { disableRunSkillScriptApproval: true, disableLoadSkillApproval: true, logger: silentLogger })
    const client = new ScriptedChatClient([
      modelFunctionCalls(
        functionCall('load_skill', { skill_name: 'text-tools' }),
        functionCall('run_skill_script', { skill_name: 'text-tools', script_name: 'scripts/slugify.mjs', args: { text: 'Héllo, Wörld! 2024' } }),
        functionCall('run_skill_script', { skill_name: 'unit-converter', script_name: 'scripts/convert.mjs', args: { value: 5, from: 'km', to: 'mi' } }),
      ),
      modelResponse('done'),
    ])
    const agent = new Agent({ client, contextProviders: [provider] })
    const response = await agent.run('Slug and convert, please.')
    expect(response.text).toBe('done')
    const results = toolResults(client.lastCall!.messages)
    expect(results.map((r) => r.exception)).toEqual([undefined, undefined, undefined])
    expect(String(results[0].result)).toContain('# Text tools')
    expect(JSON.parse(String(results[1].result))).toEqual({ slug: 'hello-world-2024' })
    expect(JSON.parse(String(results[2].result))).toEqual({ value: 3.1069, unit: 'mi' })
  })

  it('reports a failing script to the invocation loop with its stderr', async () => {
    const provider = await SkillsProvider.fromPaths(EXAMPLES, { disableRunSkillScriptApproval: true, logger: silentLogger })
    const client = new ScriptedChatClient([
      modelFunctionCalls(
        functionCall('run_skill_script', { skill_name: 'unit-converter', script_name: 'scripts/convert.mjs', args: { value: 1, from: 'km', to: 'kg' } }),
      ),
      modelResponse('could not convert'),
    ])
    await new Agent({ client, contextProviders: [provider] }).run('Convert 1 km to kg')
    const [result] = toolResults(client.lastCall!.messages)
    expect(result.result).toBe('Error: Function failed.')
    expect(result.exception).toBe("Script 'scripts/convert.mjs' of skill 'unit-converter' exited with code 3. stderr: Cannot convert length (km) to mass (kg).")
  })
})
