import { labelField } from '../inspector-fields'
import { define, truncate } from './definition'

export const transformKind = define('transform', {
  label: 'Transform',
  description: 'Computes a new message from `input` with a CEL expression.',
  category: 'logic',
  icon: 'M4 7h13l-3-3M20 17H7l3 3',
  summary: (data) => [truncate(data.expression, 40)],
  fields: [
    labelField('Transform'),
    {
      type: 'expression',
      id: 'expression',
      label: 'Expression (CEL)',
      path: ['expression'],
      placeholder: '{"summary": input}',
      help: 'The message is `input` (text or an object).',
    },
  ],
})
