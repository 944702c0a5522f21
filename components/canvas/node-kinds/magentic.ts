import { labelField } from '../inspector-fields'
import { define, participantsSummary, participantsField } from './definition'

export const magenticKind = define('magentic', {
  label: 'Magentic',
  description: 'A manager plans, delegates to participants and tracks progress.',
  category: 'orchestrations',
  icon: 'M12 3v18M3 12h18M6 6l12 12M18 6L6 18',
  summary: participantsSummary,
  fields: [
    labelField('Magentic'),
    participantsField,
    { type: 'agent_settings', id: 'manager', label: 'Manager', path: ['manager'] },
    { type: 'number', id: 'maxStallCount', label: 'Max stalls', path: ['maxStallCount'], min: 0, step: 1 },
    { type: 'number', id: 'maxResetCount', label: 'Max resets', path: ['maxResetCount'], min: 0, step: 1, optional: true },
    { type: 'number', id: 'maxRoundCount', label: 'Max rounds', path: ['maxRoundCount'], min: 1, step: 1, optional: true },
    { type: 'checkbox', id: 'enablePlanReview', label: 'A person reviews the plan first', path: ['enablePlanReview'] },
  ],
})
