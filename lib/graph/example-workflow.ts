/**
 * The workflow the app seeds on first start: start → agent "Researcher" → output, laid out left to
 * right. The agent uses the seeded MCP server `research-assistant`, whose tools reach the model
 * prefixed with the server id (e.g. `research-assistant_summarize_topic`).
 */
import { CURRENT_SCHEMA_VERSION, type GraphDocument } from './document'
import { AgentDataSchema } from './node-data'

export const EXAMPLE_WORKFLOW_NAME = 'Research assistant'
export const EXAMPLE_WORKFLOW_DESCRIPTION = 'Answers a question with the help of the research-assistant MCP server.'
export const EXAMPLE_MCP_SERVER_ID = 'research-assistant'

export function exampleWorkflowDocument(): GraphDocument {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    nodes: [
      {
        id: 'start',
        kind: 'start',
        position: { x: 0, y: 80 },
        data: { inputDescription: 'A topic or question to research.' },
      },
      {
        id: 'researcher',
        kind: 'agent',
        position: { x: 320, y: 40 },
        data: AgentDataSchema.parse({
          name: 'Researcher',
          instructions:
            'You are a careful research assistant. Use the research-assistant MCP server tools ' +
            '(for example research-assistant_summarize_topic) to look the topic up, then answer briefly and cite what the tools returned.',
          model: { provider: 'default' },
          mcpServerIds: [EXAMPLE_MCP_SERVER_ID],
          functionTools: [],
          skillIds: [],
          toolApprovalMode: 'default',
        }),
      },
      { id: 'output', kind: 'output', position: { x: 680, y: 80 }, data: {} },
    ],
    edges: [
      { id: 'start->researcher', source: 'start', target: 'researcher' },
      { id: 'researcher->output', source: 'researcher', target: 'output' },
    ],
  }
}
