import { labelField } from '../inspector-fields'
import { define } from './definition'

export const agentRefKind = define('agent_ref', {
  label: 'Saved agent',
  description: 'An agent designed on the Agents page: pinned to a version, or its latest when a run starts.',
  category: 'agents',
  icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM5 20c.5-3.5 3.4-6 7-6s6.5 2.5 7 6M17 3l1 2 2 1-2 1-1 2-1-2-2-1 2-1z',
  summary: (data) => [data.agentId ? (data.version ? `Version ${data.version}` : 'Latest version') : 'No agent selected'],
  fields: [
    labelField('Saved agent'),
    { type: 'agent', id: 'agentId', label: 'Agent', path: ['agentId'] },
    { type: 'number', id: 'version', label: 'Version', path: ['version'], min: 1, step: 1, optional: true, help: 'Empty follows the latest version.' },
  ],
})
