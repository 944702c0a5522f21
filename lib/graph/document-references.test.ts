import { describe, expect, it } from 'vitest'
import { graph } from './testing/graph-builder'
import { collectFunctionToolNames, collectMcpServerIds, collectSkillIds, collectSubWorkflowRefs } from './document-references'

describe('collecting references', () => {
  const participant = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: id, instructions: 'x', ...extra })
  const document = graph()
    .start()
    .agent('a', { mcpServerIds: ['files', 'research-assistant'], functionTools: ['add'], skillIds: ['pdf'] })
    .node('team', 'sequential', { participants: [participant('p', { mcpServerIds: ['files', 'web'] })] })
    .node('chat', 'group_chat', {
      participants: [participant('q')],
      selection: 'orchestrator',
      orchestrator: { name: 'boss', instructions: 'pick', mcpServerIds: ['planner'] },
    })
    .node('mag', 'magentic', { participants: [], manager: { name: 'm', functionTools: ['clock'] } })
    .node('sub1', 'sub_workflow', { workflowId: 'wf-1' })
    .node('sub2', 'sub_workflow', { workflowId: 'wf-1', version: 3 })
    .node('sub3', 'sub_workflow', { workflowId: 'wf-1' })
    .node('sub4', 'sub_workflow')
    .output()
    .build()

  it('collects MCP server ids from agents, participants and orchestrators, once each', () => {
    expect(collectMcpServerIds(document)).toEqual(['files', 'research-assistant', 'web', 'planner'])
  })

  it('collects function tools and skills', () => {
    expect(collectFunctionToolNames(document)).toEqual(['add', 'clock'])
    expect(collectSkillIds(document)).toEqual(['pdf'])
  })

  it('collects sub-workflow references without blanks or duplicates', () => {
    expect(collectSubWorkflowRefs(document)).toEqual([
      { workflowId: 'wf-1', version: undefined },
      { workflowId: 'wf-1', version: 3 },
    ])
  })
})
