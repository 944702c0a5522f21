import { agentSettings, chainDocument, defineTemplate } from './workflow-template'

const input = '/call calculate {"expression":"(17.5 * 4.0) / 3.0"}'

export const toolApprovalTemplate = defineTemplate({
  id: 'tool-approval',
  title: 'Tool approval: a calculator that asks first',
  description: 'An agent with the calculate tool, set to ask before every tool call: the run waits until you approve or deny the call in the browser.',
  category: 'approval',
  tags: ['approval', 'function tool'],
  sampleInput: input,
  mcpServerIds: [],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `A sum to work out. On the demo model, “${input}” calls the tool.` } },
    {
      id: 'calculator',
      kind: 'agent',
      data: agentSettings('Calculator', 'Work out the arithmetic in the request with the calculate tool, then state the result in one sentence.', {
        functionTools: ['calculate'],
        toolApprovalMode: 'always_require',
      }),
    },
    { id: 'output', kind: 'output' },
  ]),
})
