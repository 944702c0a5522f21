import { describe, expect, it } from 'vitest'
import { DemoChatClient, type Workflow, type WorkflowRunResult } from '@/lib/core'
import { EXAMPLE_MCP_SERVER_ID, builtinFunctionTool, compile, validate, type CompileRegistry, type ServerFacts } from '@/lib/graph'
import { WORKFLOW_TEMPLATES, templateOutline, workflowTemplate, type WorkflowTemplate } from './index'

/** What a fresh install states about itself: no OpenAI key, the example MCP server, no skills. */
const freshInstall: ServerFacts = { openAiConfigured: false, savedAgents: [], mcpServerIds: [EXAMPLE_MCP_SERVER_ID], skillIds: [], workflows: [] }

const demoRegistry: CompileRegistry = {
  chatClient: () => new DemoChatClient(),
  mcpServer: (id) => {
    throw new Error(`no MCP server ${id} in this test`)
  },
  functionTool: builtinFunctionTool,
}

/** The answer a person gives each kind of request in the run page. */
function answerTo(data: unknown): unknown {
  const type = (data as { type?: unknown }).type
  if (type === 'function_approval_request') return true
  if (type === 'human_input') return 'Final text, as approved.'
  throw new Error(`unexpected request ${JSON.stringify(data).slice(0, 200)}`)
}

/** Runs on the demo model, answering each request as a person would, until nothing waits. */
async function runAnswering(workflow: Workflow, input: string): Promise<{ result: WorkflowRunResult; asked: string[] }> {
  const asked: string[] = []
  let result = await workflow.run(input)
  for (let round = 0; round < 5 && result.getRequestInfoEvents().length > 0; round++) {
    const responses: Record<string, unknown> = {}
    for (const request of result.getRequestInfoEvents()) {
      asked.push(String((request.data as { type?: unknown }).type))
      responses[request.requestId] = answerTo(request.data)
    }
    result = await workflow.run(undefined, { responses })
  }
  return { result, asked }
}

const withoutMcp = WORKFLOW_TEMPLATES.filter((template) => template.mcpServerIds.length === 0)

describe('workflow templates', () => {
  it('cover every orchestration and every kind of approval, with unique ids', () => {
    const ids = WORKFLOW_TEMPLATES.map((template) => template.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(
      expect.arrayContaining([
        'sequential',
        'concurrent',
        'group-chat',
        'magentic',
        'handoff',
        'tool-approval',
        'mcp-sampling',
        'mcp-elicitation',
        'human-input',
      ]),
    )
    expect(workflowTemplate('sequential')).toBe(WORKFLOW_TEMPLATES[0])
    expect(workflowTemplate('nope')).toBeUndefined()
  })

  it.each(WORKFLOW_TEMPLATES.map((template) => [template.id, template] as const))('%s parses and has no problems on a fresh install', (_id, template) => {
    const checked = validate(template.document, { facts: freshInstall })
    expect(checked.problems).toEqual([])
    expect(template.title).not.toBe('')
    expect(template.description).not.toBe('')
    for (const id of template.mcpServerIds) expect(freshInstall.mcpServerIds).toContain(id)
  })

  it('names what to connect when the example MCP server is gone', () => {
    const sampling = workflowTemplate('mcp-sampling')!
    const checked = validate(sampling.document, { facts: { ...freshInstall, mcpServerIds: [] } })
    expect(checked.problems.map((problem) => problem.message)).toEqual([expect.stringContaining(`"${EXAMPLE_MCP_SERVER_ID}"`)])
  })

  it.each(withoutMcp.map((template) => [template.id, template] as const))(
    '%s runs to completion on the demo model',
    async (_id, template: WorkflowTemplate) => {
      const { result, asked } = await runAnswering(compile(template.document, demoRegistry), template.sampleInput)
      expect(result.getFinalState()).toBe('IDLE')
      const outputs = result.getOutputs()
      expect(outputs).toHaveLength(1)
      expect(String(outputs[0])).not.toBe('')
      if (template.id === 'tool-approval') {
        expect(asked).toEqual(['function_approval_request'])
        expect(outputs).toEqual(['Result: 23.333333333333332'])
      }
      if (template.id === 'human-input') {
        expect(asked).toEqual(['human_input'])
        expect(outputs).toEqual(['Final text, as approved.'])
      }
      if (template.id === 'handoff') {
        // The front desk hands off to billing, whose answer (no handoff) ends the conversation.
        expect(asked).toEqual([])
        expect(result.events.map((event) => event.type)).toContain('handoff_sent')
      }
    },
  )
})

describe('templateOutline', () => {
  it('says each node in order, with the agents of orchestrations', () => {
    expect(templateOutline(workflowTemplate('sequential')!.document)).toEqual(['Start', 'Sequential: 2 agents', 'Output'])
    expect(templateOutline(workflowTemplate('human-input')!.document)).toEqual(['Start', 'Agent: Drafter', 'Human input', 'Output'])
  })
})
