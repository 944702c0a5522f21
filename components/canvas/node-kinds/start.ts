import { labelField } from '../inspector-fields'
import { define, truncate } from './definition'

export const startKind = define('start', {
  label: 'Start',
  description: 'Where a run begins; passes the run input on (text, or the declared input fields).',
  category: 'flow',
  icon: 'M8 5v14l11-7z',
  singleton: true,
  summary: (data) => [
    data.inputFields?.length
      ? truncate(`Input: ${data.inputFields.map((field) => field.name).join(', ')}`)
      : data.inputDescription
        ? truncate(data.inputDescription)
        : 'Run input',
  ],
  fields: [
    labelField('Start'),
    {
      type: 'textarea',
      id: 'inputDescription',
      label: 'Input description',
      path: ['inputDescription'],
      rows: 3,
      placeholder: 'What should the person type when starting a run?',
    },
    { type: 'input_fields', id: 'inputFields', label: 'Input fields', path: ['inputFields'] },
  ],
})
