import { labelField } from '../inspector-fields'
import { define, count } from './definition'

export const conditionKind = define('condition', {
  label: 'Condition',
  description: 'Routes the message down the first case whose CEL expression is true, else default.',
  category: 'logic',
  icon: 'M12 3l9 9-9 9-9-9z',
  summary: (data) => [count(data.cases.length, 'case') + ' + default'],
  fields: [labelField('Condition'), { type: 'cases', id: 'cases', label: 'Cases', path: ['cases'], help: 'Checked in order; the first true case wins.' }],
})
