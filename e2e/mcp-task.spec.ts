/**
 * A long-running MCP task as a person meets it in a run: its status shows in the timeline, a
 * shared (read-only) view shows the same lines without a Cancel button, and "Cancel task" in the
 * run view stops the task on its server while the run goes on to finish. The fixture's "stubborn"
 * report refuses its first cancel: the timeline says so and the button comes back for a retry. The server (the task
 * fixture over stdio), the workflow and the run are set up through the API; the rest is the browser.
 */
import { expect, test } from './fixtures/test'
import { snap } from './fixtures/page'

const SERVER_ID = 'e2e-tasks'
/** Never finishes by itself within the test: only the Cancel ends it (the second one: the first is refused). */
const INPUT = `/call ${SERVER_ID}_slow_report {"label":"stubborn-q3","durationMs":600000}`

const graph = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    {
      id: 'agent',
      kind: 'agent',
      position: { x: 250, y: 0 },
      data: { name: 'Reporter', model: { provider: 'demo' }, mcpServerIds: [SERVER_ID], toolApprovalMode: 'never_require' },
    },
    { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'start->agent', source: 'start', target: 'agent' },
    { id: 'agent->output', source: 'agent', target: 'output' },
  ],
}

test('a long-running MCP task shows its progress, read-only when shared, and Cancel stops it (after one refusal)', async ({ page, browser }, testInfo) => {
  const api = page.request
  const created = await api.post('/api/mcp-servers', {
    data: { id: SERVER_ID, name: 'E2E tasks', transport: 'stdio', config: { command: 'node', args: ['lib/core/mcp/__fixtures__/task-server.mjs'] } },
  })
  expect(created.ok()).toBe(true)
  const workflow = await api.post('/api/workflows', { data: { name: 'E2E long task', graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const started = await api.post('/api/runs', { data: { workflowId, input: INPUT } })
  expect(started.ok()).toBe(true)
  const runId = ((await started.json()) as { run: { id: string } }).run.id

  // 1. The run view shows the task working, with a Cancel button on its line.
  await page.goto(`/runs/${runId}`)
  const timeline = page.getByTestId('run-timeline')
  await expect(timeline.getByText('Task slow_report: working')).toBeVisible()
  const cancel = page.getByTestId('mcp-task-cancel')
  await expect(cancel).toHaveText('Cancel task')
  await snap(page, testInfo, '01-task-working')

  // 2. A shared view of the running run shows the same line, and no button.
  const share = await api.post(`/api/runs/${runId}/share-links`, { data: {} })
  expect(share.ok()).toBe(true)
  const { url } = (await share.json()) as { url: string }
  const viewer = await browser.newPage()
  await viewer.goto(url)
  await expect(viewer.getByTestId('run-timeline').getByText('Task slow_report: working')).toBeVisible()
  await expect(viewer.getByTestId('mcp-task-cancel')).toHaveCount(0)
  await snap(viewer, testInfo, '02-shared-read-only')

  // 3. The server refuses the first cancel: the timeline says so, and the button is back.
  await cancel.click()
  await expect(timeline.getByText('Cancel failed for task slow_report')).toBeVisible()
  await expect(cancel).toHaveText('Cancel task')
  await expect(cancel).toBeEnabled()
  await expect(timeline.getByText('Task slow_report: working')).toBeVisible()
  await snap(page, testInfo, '03-cancel-refused')

  // 4. Cancel again: the server's task ends cancelled, the button goes, the run finishes.
  await cancel.click()
  await expect(timeline.getByText('Task slow_report: cancelled — Client cancelled task execution.')).toBeVisible()
  await expect(timeline.getByText(/Cancel requested for task slow_report/)).toHaveCount(2)
  await expect(cancel).toHaveCount(0)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await snap(page, testInfo, '04-task-cancelled')

  await expect(viewer.getByTestId('run-timeline').getByText('Task slow_report: cancelled')).toBeVisible()
  await expect(viewer.getByTestId('mcp-task-cancel')).toHaveCount(0)
  await viewer.close()
})
