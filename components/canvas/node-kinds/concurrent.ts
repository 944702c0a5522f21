import { labelField } from '../inspector-fields'
import { define, participantsSummary, participantsField } from './definition'

export const concurrentKind = define('concurrent', {
  label: 'Concurrent',
  description: 'All participants answer the same message in parallel.',
  category: 'orchestrations',
  icon: 'M4 6h16M4 12h16M4 18h16',
  summary: participantsSummary,
  fields: [
    labelField('Concurrent'),
    participantsField,
    {
      type: 'select',
      id: 'aggregation',
      label: 'Combine replies as',
      path: ['aggregation'],
      options: [
        { value: 'text', label: 'Text, one section per participant' },
        { value: 'list', label: 'List of replies' },
      ],
    },
  ],
})
