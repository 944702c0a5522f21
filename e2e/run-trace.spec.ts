/**
 * A finished run's "Trace" link (issue #16, OpenTelemetry): the waterfall, rebuilt from the run's
 * events without a collector, shows the run, the superstep, the agent's step, its agent run and the
 * MCP tool it called (once a person allowed its sampling request), each with a bar and a duration; the link is an address that can be opened again.
 */
import { expect, test } from './fixtures/test'
import { snap } from './fixtures/page'

test('a finished run: Trace opens the waterfall of its run, superstep, step, agent run and tool call', async ({ page }, testInfo) => {
  const graph = {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      {
        id: 'agent-1',
        kind: 'agent',
        position: { x: 250, y: 0 },
        data: { name: 'Researcher', model: { provider: 'demo' }, mcpServerIds: ['research-assistant'], toolApprovalMode: 'never_require' },
      },
      { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'start->agent-1', source: 'start', target: 'agent-1' },
      { id: 'agent-1->output', source: 'agent-1', target: 'output' },
    ],
  }
  const workflow = await page.request.post('/api/workflows', { data: { name: 'E2E trace', graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const started = await page.request.post('/api/runs', { data: { workflowId, input: '/call research-assistant_summarize_topic {"topic":"tidal energy"}' } })
  expect(started.ok()).toBe(true)
  const runId = ((await started.json()) as { run: { id: string } }).run.id

  await page.goto(`/runs/${runId}`)
  // The example server's tool asks the model for a summary (MCP sampling): a person allows it.
  await page.getByTestId('approval-card').getByTestId('approval-approve').click()
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-trace')).toHaveCount(0)

  await page.getByRole('link', { name: 'Trace', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}\\?view=trace$`))
  const waterfall = page.getByRole('table', { name: 'Trace waterfall' })
  await expect(waterfall).toBeVisible()
  const rows = waterfall.getByTestId('trace-row')
  await expect(rows.first()).toContainText('Run')
  await expect(rows.filter({ hasText: 'Superstep 1' })).toHaveCount(1)
  await expect(rows.filter({ hasText: /^Researcher/ })).toHaveAttribute('data-span-kind', 'executor')
  await expect(rows.filter({ hasText: 'Agent Researcher' })).toHaveAttribute('data-span-kind', 'agent')
  const tool = rows.filter({ hasText: 'Tool research-assistant_summarize_topic' })
  await expect(tool).toHaveAttribute('data-span-kind', 'tool')
  await expect(tool).toHaveAttribute('data-span-status', 'ok')
  // A finished run has no running spans.
  await expect(waterfall.locator('[data-span-status="open"]')).toHaveCount(0)
  await snap(page, testInfo, 'trace')

  // The address opens the same view; Close goes back to the run.
  await page.reload()
  await expect(page.getByRole('table', { name: 'Trace waterfall' }).getByTestId('trace-row').first()).toContainText('Run')
  await page.getByTestId('run-trace').getByRole('link', { name: 'Close' }).click()
  await expect(page.getByTestId('run-trace')).toHaveCount(0)
})
