import { labelField } from '../inspector-fields'
import { define } from './definition'

export const subWorkflowKind = define('sub_workflow', {
  label: 'Sub-workflow',
  description: 'Runs another saved workflow with the message as its input.',
  category: 'flow',
  icon: 'M4 4h16v16H4zM8 8h8v8H8z',
  summary: (data) => [data.workflowId ? `${data.workflowId}${data.version ? ` v${data.version}` : ' (latest)'}` : 'No workflow selected'],
  fields: [
    labelField('Sub-workflow'),
    { type: 'workflow', id: 'workflowId', label: 'Workflow', path: ['workflowId'] },
    { type: 'number', id: 'version', label: 'Version', path: ['version'], min: 1, step: 1, optional: true, help: 'Empty runs the latest version.' },
  ],
})
