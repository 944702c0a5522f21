import { labelField } from '../inspector-fields'
import { define, participantsSummary, participantsField } from './definition'

export const sequentialKind = define('sequential', {
  label: 'Sequential',
  description: 'Participants answer one after another, each seeing the conversation so far.',
  category: 'orchestrations',
  icon: 'M3 10h4v4H3zM10 10h4v4h-4zM17 10h4v4h-4z',
  summary: participantsSummary,
  fields: [
    labelField('Sequential'),
    participantsField,
    { type: 'checkbox', id: 'chainOnlyAgentResponses', label: 'Pass only agent replies down the chain', path: ['chainOnlyAgentResponses'] },
  ],
})
