/**
 * The template gallery: one template per orchestration and one per kind of approval, each
 * runnable on the demo model. The gallery lists them in this order.
 */
import { concurrentTemplate } from './concurrent-template'
import { groupChatTemplate } from './group-chat-template'
import { handoffTemplate } from './handoff-template'
import { humanInputTemplate } from './human-input-template'
import { magenticTemplate } from './magentic-template'
import { mcpElicitationTemplate } from './mcp-elicitation-template'
import { mcpSamplingTemplate } from './mcp-sampling-template'
import { sequentialTemplate } from './sequential-template'
import { toolApprovalTemplate } from './tool-approval-template'
import type { WorkflowTemplate } from './workflow-template'

export { templateOutline } from './workflow-template'
export type { TemplateCategory, WorkflowTemplate } from './workflow-template'

export const WORKFLOW_TEMPLATES: readonly WorkflowTemplate[] = [
  sequentialTemplate,
  concurrentTemplate,
  groupChatTemplate,
  magenticTemplate,
  handoffTemplate,
  toolApprovalTemplate,
  mcpSamplingTemplate,
  mcpElicitationTemplate,
  humanInputTemplate,
]

export function workflowTemplate(id: string): WorkflowTemplate | undefined {
  return WORKFLOW_TEMPLATES.find((template) => template.id === id)
}
