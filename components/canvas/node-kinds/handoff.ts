import { labelField } from '../inspector-fields'
import { define, participantsSummary, participantsField } from './definition'

export const handoffKind = define('handoff', {
  label: 'Handoff',
  description: 'Participants hand the conversation to each other with handoff tools.',
  category: 'orchestrations',
  icon: 'M7 17L17 7m-8 0h8v8',
  summary: participantsSummary,
  fields: [
    labelField('Handoff'),
    participantsField,
    { type: 'participant', id: 'startParticipantId', label: 'Starts with', path: ['startParticipantId'], allowNone: 'First participant' },
    { type: 'handoffs', id: 'handoffs', label: 'Handoffs', path: ['handoffs'], help: 'None listed: everyone can hand off to everyone.' },
    { type: 'checkbox', id: 'autonomous', label: 'Continue without a person (autonomous mode)', path: ['autonomous'] },
    {
      type: 'number',
      id: 'autonomousTurnLimit',
      label: 'Autonomous turn limit',
      path: ['autonomousTurnLimit'],
      min: 1,
      step: 1,
      visibleWhen: (data) => data.autonomous === true,
    },
    {
      type: 'checkbox',
      id: 'endWhenNoHandoff',
      label: 'End when an agent answers without handing off',
      path: ['endWhenNoHandoff'],
      help: 'The answer becomes the output instead of waiting for the person.',
    },
    {
      type: 'number',
      id: 'endAfterUserTurns',
      label: 'End after the person has answered',
      path: ['endAfterUserTurns'],
      min: 1,
      step: 1,
      optional: true,
      help: 'Times; empty: the conversation goes on until the run is cancelled.',
      visibleWhen: (data) => data.endWhenNoHandoff !== true,
    },
  ],
})
