import { labelField } from '../inspector-fields'
import { define } from './definition'

export const fanOutKind = define('fan_out', {
  label: 'Fan out',
  description: 'Sends the message to every connected node at once.',
  category: 'logic',
  icon: 'M4 12h6m0 0l8-6m-8 6l8 6m-8-6h8',
  summary: () => ['Copies the message to each target'],
  fields: [labelField('Fan out')],
})
