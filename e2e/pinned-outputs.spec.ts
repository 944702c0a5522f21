/**
 * Pinned outputs and running one node (issue #31), as a person does it: on a run's page, pin what the writer sent;
 * the canvas shows the writer pinned; a debug run started from the Run dialog uses the pin (the writer does not run:
 * what it sends is the pin), a plain run does not. A breakpoint set in the inspector shows on its node. From the
 * inspector, "Run this node…" runs the reviewer alone on a typed input and opens that run's page.
 */
import { demoAgentChain } from './fixtures/graphs'
import { expect, test } from './fixtures/test'

const graph = demoAgentChain(['writer', 'reviewer'], 300)

test('pins an output from a run page, sees it on the canvas, a debug run uses it; runs one node from the inspector', async ({ page }) => {
  const created = await page.request.post('/api/workflows', { data: { name: 'E2E pinned outputs', graph } })
  expect(created.ok()).toBe(true)
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id
  const started = await page.request.post('/api/runs', { data: { workflowId, input: 'first' } })
  const firstRun = ((await started.json()) as { run: { id: string } }).run.id

  // The run's page: the writer's panel pins what it sent on.
  await page.goto(`/runs/${firstRun}`)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await page.getByTestId('run-node-writer').click()
  const panel = page.getByTestId('node-activity-panel')
  await expect(panel).toContainText('Demo reply: first')
  await panel.getByTestId('pin-output').click()
  await expect(panel.getByTestId('pin-output')).toHaveText('Pinned')

  // The canvas: the writer wears the pin; the inspector shows it.
  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('node-pin-writer')).toBeVisible()
  await expect(page.getByTestId('node-pin-reviewer')).toHaveCount(0)
  await page.getByTestId('node-writer').click()
  await expect(page.getByTestId('inspector-pin-value')).toContainText('"Demo reply: first"')

  // Edited to another value: invalid JSON is refused as typed, valid JSON pins.
  await page.getByTestId('inspector-pin-edit').click()
  await page.getByTestId('pin-editor-json').fill('{"broken": ')
  await expect(page.getByTestId('pin-editor-submit')).toBeDisabled()
  await expect(page.getByText(/Not valid JSON/)).toBeVisible()
  await page.getByTestId('pin-editor-json').fill('"PINNED TEXT"')
  await page.getByTestId('pin-editor-submit').click()
  await expect(page.getByTestId('inspector-pin-value')).toContainText('"PINNED TEXT"')

  // A breakpoint set in the inspector shows on the node, and in the Run dialog.
  await page.getByTestId('node-reviewer').click()
  await page.getByTestId('inspector-breakpoint-after').check()
  await expect(page.getByTestId('node-breakpoint-after-reviewer')).toBeVisible()
  await expect(page.getByTestId('node-breakpoint-before-reviewer')).toHaveCount(0)
  await page.getByTestId('inspector-breakpoint-after').uncheck()
  await expect(page.getByTestId('node-breakpoint-after-reviewer')).toHaveCount(0)

  // A debug run from the Run dialog takes the pin: the writer does not run, the reviewer hears the pin.
  await page.getByTestId('run-workflow').click()
  await page.getByTestId('run-input').fill('second')
  await page.getByTestId('run-debug').check()
  await page.getByTestId('run-submit').click()
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('Demo reply: PINNED TEXT')
  await expect(page.getByText('used its pinned output')).toBeVisible()

  // Run one node from the inspector, on a typed input: its page opens and shows the reviewer's reply to it.
  await page.goto(`/workflows/${workflowId}`)
  await page.getByTestId('node-reviewer').click()
  await page.getByTestId('inspector-run-node').click()
  // It opens with what the reviewer received in the latest run that reached it: the debug run's pin.
  await expect(page.getByTestId('run-one-node-json')).toHaveValue('"PINNED TEXT"')
  await expect(page.getByTestId('run-one-node-from')).toBeVisible()
  await page.getByTestId('run-one-node-json').fill('"typed by hand"')
  await page.getByTestId('run-one-node-submit').click()
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('Demo reply: typed by hand')

  // Unpinned, the badge goes; a plain run never used the pin anyway.
  await page.goto(`/workflows/${workflowId}`)
  await page.getByTestId('node-writer').click()
  await page.getByTestId('inspector-unpin').click()
  await expect(page.getByTestId('node-pin-writer')).toHaveCount(0)
})
