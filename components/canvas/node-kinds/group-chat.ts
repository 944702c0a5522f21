import { labelField } from '../inspector-fields'
import { define, participantsSummary, participantsField } from './definition'

export const groupChatKind = define('group_chat', {
  label: 'Group chat',
  description: 'Participants take turns in one conversation, for a number of rounds.',
  category: 'orchestrations',
  icon: 'M4 5h16v10H9l-5 4z',
  summary: participantsSummary,
  fields: [
    labelField('Group chat'),
    participantsField,
    {
      type: 'select',
      id: 'selection',
      label: 'Next speaker',
      path: ['selection'],
      options: [
        { value: 'round_robin', label: 'Round robin' },
        { value: 'orchestrator', label: 'Chosen by an orchestrator agent' },
      ],
    },
    { type: 'agent_settings', id: 'orchestrator', label: 'Orchestrator', path: ['orchestrator'], visibleWhen: (data) => data.selection === 'orchestrator' },
    { type: 'number', id: 'maxRounds', label: 'Max rounds', path: ['maxRounds'], min: 1, max: 100, step: 1 },
  ],
})
