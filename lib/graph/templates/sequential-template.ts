import { chainDocument, defineTemplate, participant } from './workflow-template'

const input = 'A short note on why octopuses are clever'

export const sequentialTemplate = defineTemplate({
  id: 'sequential',
  title: 'Sequential: write, then edit',
  description: 'A writer drafts from the input and an editor improves the draft: agents answer in turn, each seeing what came before.',
  category: 'orchestration',
  tags: ['orchestration', 'sequential'],
  sampleInput: input,
  mcpServerIds: [],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `What to write about, e.g. “${input}”.` } },
    {
      id: 'write-and-edit',
      kind: 'sequential',
      data: {
        label: 'Write, then edit',
        participants: [
          participant('writer', 'Writer', 'Write a short first draft (one paragraph) about the topic you are given.'),
          participant(
            'editor',
            'Editor',
            'Improve the draft above: fix errors, tighten the wording, keep it to one paragraph. Answer with the edited text only.',
          ),
        ],
        chainOnlyAgentResponses: true,
      },
    },
    { id: 'output', kind: 'output' },
  ]),
})
