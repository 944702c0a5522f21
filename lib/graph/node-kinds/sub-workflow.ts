/** Runs another saved workflow with the message as its input. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { error } from '../problems'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const SubWorkflowDataSchema = z.object({
  label: nodeLabel,
  /** Empty until the person picks a workflow; validate() reports that as an error. */
  workflowId: z.string().max(200).default(''),
  /** Absent means the latest version at compile time. */
  version: z.number().int().positive().optional(),
})

export const subWorkflowKind = {
  kind: 'sub_workflow',
  dataSchema: SubWorkflowDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) =>
    node.data.workflowId.trim() === '' ? [error('missing_sub_workflow', 'Sub-workflow has no target workflow selected.', { nodeId: node.id })] : [],
  references: ({ data }) => references({ subWorkflows: data.workflowId === '' ? [] : [{ id: data.workflowId, version: data.version }] }),
  exportTypeScript: () => ({ appOnly: 'runs another saved workflow; export that one and run it on its own.' }),
} satisfies NodeKindDefinition<'sub_workflow', typeof SubWorkflowDataSchema>
