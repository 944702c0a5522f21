import { labelField } from '../inspector-fields'
import { define } from './definition'

export const outputKind = define('output', {
  label: 'Output',
  description: 'Yields what it receives as a workflow output.',
  category: 'flow',
  icon: 'M4 12h12m-5-6l6 6-6 6M20 5v14',
  summary: () => ['Workflow output'],
  fields: [labelField('Output')],
})
