import { labelField } from '../inspector-fields'
import { define } from './definition'

export const fanInKind = define('fan_in', {
  label: 'Fan in',
  description: 'Waits for every connected source, then joins their messages.',
  category: 'logic',
  icon: 'M4 6l8 6m-8 6l8-6m-8 0h8m0 0h8',
  summary: (data) => [data.join === 'text' ? 'Joins the texts' : 'Passes a list on'],
  fields: [
    labelField('Fan in'),
    {
      type: 'select',
      id: 'join',
      label: 'Join as',
      path: ['join'],
      options: [
        { value: 'text', label: 'Text (joined with the separator)' },
        { value: 'list', label: 'List of messages' },
      ],
    },
    { type: 'text', id: 'separator', label: 'Separator', path: ['separator'], visibleWhen: (data) => data.join === 'text' },
  ],
})
