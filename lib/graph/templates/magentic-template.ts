import { agentSettings, chainDocument, defineTemplate, participant } from './workflow-template'

const input = 'Plan a three-day trip to Lisbon on a small budget'

export const magenticTemplate = defineTemplate({
  id: 'magentic',
  title: 'Magentic: a manager plans, specialists work',
  description: 'A manager agent makes a plan, hands each step to a researcher or a writer, tracks progress and writes the final answer.',
  category: 'orchestration',
  tags: ['orchestration', 'magentic', 'planning'],
  sampleInput: input,
  mcpServerIds: [],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `A task that needs a plan, e.g. “${input}”.` } },
    {
      id: 'team',
      kind: 'magentic',
      data: {
        label: 'Planned teamwork',
        participants: [
          participant('researcher', 'Researcher', 'Find and list the facts the manager asks for, briefly.'),
          participant('writer', 'Writer', 'Turn the facts gathered so far into clear, well-organised text.'),
        ],
        manager: agentSettings('Manager', 'Plan the task, give each step to the best participant, and stop when the task is done.'),
        maxRoundCount: 4,
        maxStallCount: 1,
      },
    },
    { id: 'output', kind: 'output' },
  ]),
})
