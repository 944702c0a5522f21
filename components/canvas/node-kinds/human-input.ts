import { labelField } from '../inspector-fields'
import { define, truncate } from './definition'

export const humanInputKind = define('human_input', {
  label: 'Human input',
  description: 'Asks a person a question; their answer flows on.',
  category: 'logic',
  icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c0-3.3 3.6-6 8-6s8 2.7 8 6',
  summary: (data) => [data.prompt ? truncate(data.prompt) : 'No prompt yet'],
  fields: [
    labelField('Human input'),
    { type: 'textarea', id: 'prompt', label: 'Prompt', path: ['prompt'], rows: 3, placeholder: 'What should the person decide or add?' },
  ],
})
