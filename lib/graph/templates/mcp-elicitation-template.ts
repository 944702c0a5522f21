import { EXAMPLE_MCP_SERVER_ID } from '../example-workflow'
import { agentSettings, chainDocument, defineTemplate } from './workflow-template'

const input = `/call ${EXAMPLE_MCP_SERVER_ID}_plan_research {"topic":"octopuses"}`

export const mcpElicitationTemplate = defineTemplate({
  id: 'mcp-elicitation',
  title: 'MCP elicitation: a server asks you a question',
  description:
    "The example research-assistant server's plan_research tool asks you, through a form in the run page (MCP elicitation), how deep the research should go.",
  category: 'approval',
  tags: ['approval', 'MCP', 'elicitation'],
  sampleInput: input,
  mcpServerIds: [EXAMPLE_MCP_SERVER_ID],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `A topic. On the demo model, “${input}” calls the tool.` } },
    {
      id: 'planner',
      kind: 'agent',
      data: agentSettings('Planner', `Plan research on the topic with the ${EXAMPLE_MCP_SERVER_ID}_plan_research tool, then answer with its plan.`, {
        mcpServerIds: [EXAMPLE_MCP_SERVER_ID],
        mcpTools: { [EXAMPLE_MCP_SERVER_ID]: ['plan_research'] },
        toolApprovalMode: 'never_require',
      }),
    },
    { id: 'output', kind: 'output' },
  ]),
})
