/**
 * The templates that use the example MCP server, run on the demo model against that server as a
 * fresh install has it (examples/mcp-servers/research-assistant.mjs over stdio), with the
 * server's sampling request approved and its question answered as a person would in the browser.
 */
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { DemoChatClient, MCPStdioTool, type ElicitationCallback, type SamplingApprovalCallback } from '@/lib/core'
import { EXAMPLE_MCP_SERVER_ID, builtinFunctionTool, compile, type CompileRegistry } from '@/lib/graph'
import { workflowTemplate } from './index'

const SERVER = fileURLToPath(new URL('../../../examples/mcp-servers/research-assistant.mjs', import.meta.url))
const silent = { debug: () => {}, info: () => {}, warn: () => {} }

const open: MCPStdioTool[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((tool) => tool.close()))
})

async function exampleServer(callbacks: { samplingApprovalCallback?: SamplingApprovalCallback; elicitationCallback?: ElicitationCallback }) {
  const tool = new MCPStdioTool({
    name: EXAMPLE_MCP_SERVER_ID,
    toolNamePrefix: EXAMPLE_MCP_SERVER_ID,
    command: process.execPath,
    args: [SERVER],
    client: new DemoChatClient(),
    logger: silent,
    ...callbacks,
  })
  open.push(tool)
  await tool.connect()
  return tool
}

function registryWith(server: MCPStdioTool): CompileRegistry {
  return {
    chatClient: () => new DemoChatClient(),
    mcpServer: (id) => {
      if (id !== EXAMPLE_MCP_SERVER_ID) throw new Error(`unknown server ${id}`)
      return server
    },
    functionTool: builtinFunctionTool,
  }
}

describe('templates on the example MCP server', () => {
  it('MCP sampling: the summary the approved request produced is the output', async () => {
    const asked: string[] = []
    const server = await exampleServer({
      samplingApprovalCallback: (_params, { serverName }) => {
        asked.push(serverName)
        return true
      },
    })
    const template = workflowTemplate('mcp-sampling')!
    const result = await compile(template.document, registryWith(server)).run(template.sampleInput)
    expect(asked).toEqual([EXAMPLE_MCP_SERVER_ID])
    expect(result.getFinalState()).toBe('IDLE')
    expect(result.getOutputs()).toEqual([expect.stringMatching(/^Result: Demo reply: Write a short summary .* of this topic: octopuses$/)])
  })

  it('MCP elicitation: the plan follows the answer given in the form', async () => {
    const questions: string[] = []
    const server = await exampleServer({
      elicitationCallback: (params) => {
        questions.push(params.message)
        return { action: 'accept', content: { depth: 'detailed', focus: 'camouflage' } }
      },
    })
    const template = workflowTemplate('mcp-elicitation')!
    const result = await compile(template.document, registryWith(server)).run(template.sampleInput)
    expect(questions).toEqual(['How deep should the research on "octopuses" go?'])
    expect(result.getOutputs()).toEqual([
      'Result: Plan (detailed) for octopuses: background, current findings, open questions, sources, with a focus on camouflage.',
    ])
  })
})
