import { chainDocument, defineTemplate, participant } from './workflow-template'

const input = 'A slogan for a neighbourhood bicycle repair café'

export const groupChatTemplate = defineTemplate({
  id: 'group-chat',
  title: 'Group chat: idea and critique',
  description: 'A copywriter and a reviewer take turns in one conversation for four rounds; the last reply is the result.',
  category: 'orchestration',
  tags: ['orchestration', 'group chat', 'round robin'],
  sampleInput: input,
  mcpServerIds: [],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `What the group should work on, e.g. “${input}”.` } },
    {
      id: 'workshop',
      kind: 'group_chat',
      data: {
        label: 'Idea and critique',
        participants: [
          participant('copywriter', 'Copywriter', 'Propose or revise a short answer, taking the last critique into account.'),
          participant('reviewer', 'Reviewer', 'Critique the latest proposal in two sentences: what works, what to change.'),
        ],
        selection: 'round_robin',
        maxRounds: 4,
      },
    },
    { id: 'output', kind: 'output' },
  ]),
})
