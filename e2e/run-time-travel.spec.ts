/**
 * Time travel from a run's page (issue #31): a finished run's Checkpoints panel lists its supersteps; the state at one
 * shows the message on its way to the next agent; "Fork with edits…" changes that message and starts a fork, whose
 * page opens and shows the reviewer answering the edited text; the fork links back to its parent, which lists it.
 */
import { demoAgentChain } from './fixtures/graphs'
import { expect, test } from './fixtures/test'

test('forks a finished run from its page with an edited message', async ({ page }) => {
  const graph = demoAgentChain(['writer', 'reviewer'])
  const workflow = await page.request.post('/api/workflows', { data: { name: 'E2E time travel', graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const started = await page.request.post('/api/runs', { data: { workflowId, input: 'hello' } })
  expect(started.ok()).toBe(true)
  const runId = ((await started.json()) as { run: { id: string } }).run.id

  await page.goto(`/runs/${runId}`)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('Demo reply: Demo reply: hello')

  // Superstep 1: the writer has answered; its reply is on its way to the reviewer.
  const checkpoints = page.getByTestId('run-checkpoints')
  await checkpoints.getByTestId('checkpoint-1').click()
  const detail = checkpoints.getByTestId('checkpoint-detail')
  await expect(detail).toContainText('user: hello')
  await expect(detail).toContainText('assistant: Demo reply: hello')

  await detail.getByTestId('checkpoint-fork').click()
  const dialog = page.getByRole('dialog', { name: 'Fork from superstep 1' })
  await expect(dialog.getByTestId('fork-message')).toContainText('(in flight)')
  await expect(dialog.getByTestId('fork-text')).toHaveValue('Demo reply: hello')
  await dialog.getByTestId('fork-text').fill('An edited draft')
  await dialog.getByTestId('fork-start').click()

  // The fork's page: it ends with the reviewer answering the edit, and says where it came from.
  await expect(page).not.toHaveURL(new RegExp(`/runs/${runId}$`))
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('Demo reply: An edited draft')
  await expect(page.getByTestId('run-output')).not.toContainText('Demo reply: Demo reply: hello')
  await expect(page.getByTestId('run-fork-origin')).toContainText('Forked at superstep 1 with 1 edit(s)')

  // Back to the parent, untouched, which lists its fork.
  await page.getByTestId('run-parent-link').click()
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}$`))
  await expect(page.getByTestId('run-output')).toContainText('Demo reply: Demo reply: hello')
  await expect(page.getByTestId('run-forks').getByTestId('run-fork-row')).toHaveCount(1)
})
