/**
 * Two runs side by side (issue #31): a workflow of two demo agents runs twice with different inputs; on /runs the two
 * are ticked and compared, and the comparison shows both outputs, with the agents' rows marked as differing (and what
 * changed in them) and the start's not, and the cost of the model that answered; the run page's "Compare with…" opens the same comparison from another run's id.
 */
import { demoAgentChain } from './fixtures/graphs'
import { expect, test } from './fixtures/test'

test('compares two runs picked on the runs list, and from a run page', async ({ page }) => {
  const graph = demoAgentChain(['writer', 'reviewer'])
  const workflow = await page.request.post('/api/workflows', { data: { name: 'E2E compare', graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const runIds: string[] = []
  for (const input of ['apples', 'pears']) {
    const started = await page.request.post('/api/runs', { data: { workflowId, input } })
    expect(started.ok()).toBe(true)
    const runId = ((await started.json()) as { run: { id: string } }).run.id
    runIds.push(runId)
    await page.goto(`/runs/${runId}`)
    await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  }
  const [apples, pears] = runIds

  await page.goto(`/runs?workflowId=${workflowId}`)
  for (const runId of runIds) await page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`).getByRole('checkbox').check()
  await page.getByTestId('compare-runs').click()
  await expect(page).toHaveURL(/\/runs\/compare\?/)

  const expectComparison = async () => {
    const comparison = page.getByTestId('run-comparison')
    const outputs = comparison.getByTestId('compare-outputs')
    await expect(outputs.filter({ hasText: 'Demo reply: Demo reply: apples' })).toHaveCount(1)
    await expect(outputs.filter({ hasText: 'Demo reply: Demo reply: pears' })).toHaveCount(1)
    const writer = comparison.locator('[data-testid="compare-node-row"][data-node-id="writer"]')
    await expect(writer).toHaveAttribute('data-differs', 'true')
    await expect(writer).toContainText('Demo reply: apples')
    await expect(writer).toContainText('Demo reply: pears')
    await expect(comparison.locator('[data-testid="compare-node-row"][data-node-id="start"]')).toHaveAttribute('data-differs', 'false')
    await expect(comparison.getByTestId('run-comparison-totals')).toContainText('Tokens')
    // What changed, word by word, in the writer's output and in the workflow's; the cost of each model that answered.
    await expect(writer.getByTestId('compare-node-changes').locator('del')).toHaveText('apples')
    await expect(writer.getByTestId('compare-node-changes').locator('ins')).toHaveText('pears')
    await expect(comparison.getByTestId('compare-output-changes').locator('ins')).toHaveText('pears')
    await expect(comparison.getByTestId('compare-model-cost')).toHaveCount(1)
    await expect(comparison.getByTestId('compare-model-cost')).toContainText('$0.0000')
  }
  await expectComparison()

  // From a run's page: "Compare with…" another run's id.
  await page.goto(`/runs/${apples}`)
  await page.getByTestId('compare-with').click()
  const dialog = page.getByRole('dialog', { name: 'Compare with another run' })
  await dialog.getByLabel('Run id').fill(pears)
  await dialog.getByRole('button', { name: 'Compare' }).click()
  await expect(page).toHaveURL(new RegExp(`/runs/compare\\?a=${apples}&b=${pears}`))
  await expectComparison()
})
