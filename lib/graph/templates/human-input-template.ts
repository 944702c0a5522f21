import { agentSettings, chainDocument, defineTemplate } from './workflow-template'

const input = 'Announce that the office is closed on Friday'

export const humanInputTemplate = defineTemplate({
  id: 'human-input',
  title: 'Human input: review a draft',
  description: 'An agent drafts a message, then the run asks you a question in the browser; your answer is the result.',
  category: 'approval',
  tags: ['approval', 'human input'],
  sampleInput: input,
  mcpServerIds: [],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `What the message should say, e.g. “${input}”.` } },
    { id: 'drafter', kind: 'agent', data: agentSettings('Drafter', 'Write a short, friendly message that says what you are asked to say.') },
    { id: 'review', kind: 'human_input', data: { label: 'Review', prompt: 'Here is the draft. Answer with the final text (edit it as you like).' } },
    { id: 'output', kind: 'output' },
  ]),
})
