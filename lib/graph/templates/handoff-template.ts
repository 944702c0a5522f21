import { chainDocument, defineTemplate, participant } from './workflow-template'

const input = '/call handoff_to_billing {}'

export const handoffTemplate = defineTemplate({
  id: 'handoff',
  title: 'Handoff: front desk and specialists',
  description:
    'A front-desk agent hands the conversation to billing or technical support; the first answer without a handoff ends the run and is its output. On the demo model, type a /call handoff_to_<id> line to hand off.',
  category: 'orchestration',
  tags: ['orchestration', 'handoff', 'conversation'],
  sampleInput: input,
  mcpServerIds: [],
  document: chainDocument([
    { id: 'start', kind: 'start', data: { inputDescription: `The customer's message. On the demo model, “${input}” hands off to billing.` } },
    {
      id: 'support',
      kind: 'handoff',
      data: {
        label: 'Customer support',
        participants: [
          participant(
            'front-desk',
            'Front desk',
            'Greet the customer and hand off to billing for invoices and payments, or to technical support for problems with the product.',
          ),
          participant('billing', 'Billing', 'Answer questions about invoices, payments and refunds.'),
          participant('technical', 'Technical support', 'Help the customer solve problems with the product, step by step.'),
        ],
        startParticipantId: 'front-desk',
        handoffs: [
          { from: 'front-desk', to: ['billing', 'technical'] },
          { from: 'billing', to: ['front-desk'] },
          { from: 'technical', to: ['front-desk'] },
        ],
        endWhenNoHandoff: true,
      },
    },
    { id: 'output', kind: 'output' },
  ]),
})
