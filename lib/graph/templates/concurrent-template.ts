import { chainDocument, defineTemplate, participant } from './workflow-template'

const input = 'Should our team move its weekly meeting online?'

export const concurrentTemplate = defineTemplate({
  id: 'concurrent',
  title: 'Concurrent: three points of view',
  description: 'An optimist, a sceptic and a pragmatist answer the same question at once; their replies are joined, each under its name.',
  category: 'orchestration',
  tags: ['orchestration', 'concurrent'],
  sampleInput: input,
  mcpServerIds: [],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `A question to weigh, e.g. “${input}”.` } },
    {
      id: 'viewpoints',
      kind: 'concurrent',
      data: {
        label: 'Three points of view',
        participants: [
          participant('optimist', 'Optimist', 'Give the strongest case for, in three sentences at most.'),
          participant('sceptic', 'Sceptic', 'Give the strongest case against, in three sentences at most.'),
          participant('pragmatist', 'Pragmatist', 'Say what you would do and what to watch for, in three sentences at most.'),
        ],
        aggregation: 'text',
      },
    },
    { id: 'output', kind: 'output' },
  ]),
})
