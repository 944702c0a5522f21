import { describe, expect, it } from 'vitest'
import { exportWorkflowAsTypeScript } from './export-typescript'
import { graph } from './testing/graph-builder'

const agent = (settings: Record<string, unknown>) =>
  graph()
    .start()
    .node('writer', 'agent', { name: 'Writer', instructions: 'Write.', ...settings })
    .output()
    .chain('start', 'writer', 'output')
    .build()

describe('an exported agent', () => {
  it('keeps what shapes it in a workflow: structured output, per-tool approvals and the tools chosen per server', () => {
    const text = exportWorkflowAsTypeScript(
      agent({
        structuredOutput: { mode: 'fields', name: 'reply', schema: '', fields: [{ name: 'title', type: 'string', description: 'The title', required: true }] },
        toolApprovals: { calculate: 'always_require' },
      }),
    )
    expect(text).toContain('"structuredOutput":{"mode":"fields","name":"reply"')
    expect(text).toContain('"toolApprovals":{"calculate":"always_require"}')
  })

  it('leaves out what is at its default and what only conversations use', () => {
    const text = exportWorkflowAsTypeScript(agent({}))
    for (const left of ['structuredOutput', 'toolApprovals', 'mcpTools', 'historyWindow', 'keepConversationOnService', 'fileAccess'])
      expect(text).not.toContain(left)
  })

  it('stops before the run when the agent is given file access, which only the app grants', () => {
    const text = exportWorkflowAsTypeScript(agent({ fileAccess: { enabled: true, root: '/srv/files', folder: 'notes', writes: 'approve' } }))
    expect(text).toContain('Agent \\"Writer\\" of the agent node \\"writer\\" is given file access, which only the app grants')
    expect(text).not.toContain('/srv/files')
  })
})
