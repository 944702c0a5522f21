import { EXAMPLE_MCP_SERVER_ID } from '../example-workflow'
import { agentSettings, chainDocument, defineTemplate } from './workflow-template'

const input = `/call ${EXAMPLE_MCP_SERVER_ID}_summarize_topic {"topic":"octopuses"}`

export const mcpSamplingTemplate = defineTemplate({
  id: 'mcp-sampling',
  title: 'MCP sampling: a server asks for a completion',
  description:
    "The example research-assistant server's summarize_topic tool asks this app's model for a summary (MCP sampling); the run waits until you approve or deny that request.",
  category: 'approval',
  tags: ['approval', 'MCP', 'sampling'],
  sampleInput: input,
  mcpServerIds: [EXAMPLE_MCP_SERVER_ID],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `A topic. On the demo model, “${input}” calls the tool.` } },
    {
      id: 'summarizer',
      kind: 'agent',
      data: agentSettings('Summarizer', `Summarize the topic with the ${EXAMPLE_MCP_SERVER_ID}_summarize_topic tool, then answer with its summary.`, {
        mcpServerIds: [EXAMPLE_MCP_SERVER_ID],
        mcpTools: { [EXAMPLE_MCP_SERVER_ID]: ['summarize_topic'] },
        toolApprovalMode: 'never_require',
      }),
    },
    { id: 'output', kind: 'output' },
  ]),
})
