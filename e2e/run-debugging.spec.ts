/**
 * Debugging a run (issue #31): in the canvas's Run dialog, a debug run with a breakpoint before the reviewer pauses
 * there; the run page's banner steps it one superstep (it pauses again) and continues it to its end. A debug run with
 * a pinned writer shows the writer's pinned output instead of a reply of its own.
 */
import { demoAgentChain } from './fixtures/graphs'
import { openWorkflowEditor } from './fixtures/page'
import { expect, test } from './fixtures/test'

const graph = demoAgentChain(['writer', 'reviewer', 'editor'])

test('sets a breakpoint in the Run dialog, steps and continues from the run page; a pinned output is used', async ({ page }) => {
  const workflow = await page.request.post('/api/workflows', { data: { name: 'E2E debugging', graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id

  await openWorkflowEditor(page, workflowId)
  await page.getByTestId('run-workflow').click()
  await page.getByTestId('run-input').fill('hello')
  await page.getByTestId('run-debug').check()
  await page.getByTestId('breakpoint-before-reviewer').check()
  await page.getByTestId('run-submit').click()

  const banner = page.getByTestId('breakpoint-banner')
  await expect(banner).toBeVisible()
  await expect(banner.getByTestId('breakpoint-title')).toContainText('Paused before reviewer')
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'waiting')

  await banner.getByTestId('breakpoint-step').click()
  await expect(banner.getByTestId('breakpoint-title')).toContainText('Paused after superstep 2')
  await banner.getByTestId('breakpoint-continue').click()
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('breakpoint-banner')).toHaveCount(0)
  await expect(page.getByTestId('run-output')).toContainText('Demo reply: Demo reply: Demo reply: hello')

  // A pinned writer: its pinned text goes on, and the timeline says it did not run.
  const started = await page.request.post('/api/runs', { data: { workflowId, input: 'hello', debug: { pinned: { writer: { value: 'PINNED' } } } } })
  expect(started.ok()).toBe(true)
  const runId = ((await started.json()) as { run: { id: string } }).run.id
  await page.goto(`/runs/${runId}`)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('Demo reply: Demo reply: PINNED')
  await expect(page.getByText('used its pinned output')).toBeVisible()
})
