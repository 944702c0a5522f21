/**
 * Evaluations as a person uses them (issue #31): a dataset made from a run ("Add to dataset" on its page), a row added
 * by hand, an experiment with a `contains` evaluator and the demo LLM judge run to 100 %, its results table; then the
 * workflow changes, a second experiment runs, and the comparison shows the row the change broke as regressed.
 */
import { expect, test, type Page } from './fixtures/test'

const agent = { id: 'writer', kind: 'agent', data: { name: 'writer', model: { provider: 'demo' } } }

/** start → [transform] → writer (demo: "Demo reply: <its input>") → output. */
function graph(transform?: string) {
  const middle = [...(transform ? [{ id: 'shift', kind: 'transform', data: { expression: transform } }] : []), agent]
  const nodes = [{ id: 'start', kind: 'start', data: {} }, ...middle, { id: 'output', kind: 'output', data: {} }].map((node, index) => ({
    ...node,
    position: { x: index * 250, y: 0 },
  }))
  return {
    schemaVersion: 1,
    nodes,
    edges: nodes.slice(1).map((node, index) => ({ id: `e${index}`, source: nodes[index]!.id, target: node.id })),
  }
}

async function runExperiment(page: Page, workflowName: string, version: string) {
  await page.getByTestId('start-experiment').click()
  const dialog = page.getByRole('dialog', { name: /Run an experiment/ })
  await dialog.getByTestId('experiment-target').selectOption({ label: workflowName })
  await dialog.getByTestId('experiment-version').selectOption({ label: version })
  await dialog.getByTestId('evaluator-kind').selectOption('contains')
  await dialog.getByTestId('add-evaluator').click()
  await dialog.getByTestId('evaluator-kind').selectOption('llm_judge')
  await dialog.getByTestId('add-evaluator').click()
  await dialog.getByTestId('evaluator-rubric').fill('The reply answers the input.')
  await dialog.getByTestId('experiment-submit').click()
  await expect(page).toHaveURL(/\/experiments\/[^/]+$/)
  await expect(page.getByTestId('experiment-progress')).toHaveAttribute('data-percent', '100')
  await expect(page.getByTestId('experiment-status')).toHaveAttribute('data-status', 'succeeded')
  await expect(page.getByTestId('result-row')).toHaveCount(2)
  return page.url().split('/').at(-1)!
}

test('builds a dataset from a run, runs two experiments and compares them', async ({ page }) => {
  const name = `E2E evals ${Date.now()}`
  const workflow = await page.request.post('/api/workflows', { data: { name, graph: graph() } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const started = await page.request.post('/api/runs', { data: { workflowId, input: 'hello' } })
  expect(started.ok()).toBe(true)
  const runId = ((await started.json()) as { run: { id: string } }).run.id

  // A dataset from the run, in one dialog.
  await page.goto(`/runs/${runId}`)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await page.getByTestId('add-to-dataset').click()
  await page.getByTestId('add-to-dataset-choice').selectOption({ label: 'New dataset…' })
  await page.getByTestId('new-dataset-name').fill(`${name} cases`)
  await page.getByTestId('add-to-dataset-confirm').click()
  await expect(page.getByTestId('added-to-dataset')).toContainText(`${name} cases`)
  await page.getByTestId('added-to-dataset').getByRole('link').click()

  // The run's row is there; a second one is typed by hand and saved as a new version.
  await expect(page.getByTestId('dataset-row-count')).toHaveText('(1)')
  await expect(page.getByLabel('Row 1 expected')).toHaveValue('Demo reply: hello')
  await page.getByTestId('add-row').click()
  await page.getByLabel('Row 2 input').fill('world')
  await page.getByLabel('Row 2 expected').fill('Demo reply: world')
  await page.getByTestId('save-rows').click()
  await expect(page.getByTestId('dataset-version')).toHaveText('v3')

  const first = await runExperiment(page, name, 'v1')
  await expect(page.getByTestId('aggregate-pass')).toHaveText('100 %')
  await expect(page.getByTestId('result-output').first()).toContainText('Demo reply:')

  // The workflow changes: "hello" now reaches the agent as "goodbye".
  const saved = await page.request.post(`/api/workflows/${workflowId}/versions`, {
    data: { graph: graph('input == "hello" ? "goodbye" : input'), baseVersion: 1 },
  })
  expect(saved.ok()).toBe(true)
  await page.getByTestId('experiment-dataset-link').click()
  const second = await runExperiment(page, name, 'v2')

  // Compare: the two ticked on the dataset's page, the newer against the older.
  await page.getByTestId('experiment-dataset-link').click()
  for (const id of [first, second]) await page.locator(`[data-experiment-id="${id}"]`).getByTestId('compare-pick').check()
  await page.getByTestId('compare-experiments').click()
  await expect(page).toHaveURL(new RegExp(`/experiments/${second}/compare\\?baseline=${first}`))
  await expect(page.getByTestId('comparison-counts')).toContainText('1 regressed')
  const regressed = page.locator('[data-testid="comparison-row"][data-verdict="regressed"]')
  await expect(regressed).toHaveCount(1)
  await expect(regressed).toContainText('hello')
  await expect(regressed).toHaveClass(/bg-red-50/)
  await expect(page.getByTestId('comparison-chart')).toBeVisible()
})

test('a large experiment draws only the rows in view, and scrolling to the end shows the last', async ({ page }) => {
  const rowCount = 300
  const name = `E2E big experiment ${Date.now()}`
  const workflow = await page.request.post('/api/workflows', { data: { name, graph: graph() } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const rows = Array.from({ length: rowCount }, (_, index) => ({ input: `case ${index + 1}`, expected: `Demo reply: case ${index + 1}` }))
  const dataset = await page.request.post('/api/datasets', { data: { name: `${name} cases`, rows } })
  expect(dataset.ok()).toBe(true)
  const datasetId = ((await dataset.json()) as { dataset: { id: string } }).dataset.id
  const experiment = await page.request.post('/api/experiments', {
    data: { datasetId, target: { workflowId }, evaluators: [{ kind: 'contains' }], concurrency: 16 },
  })
  expect(experiment.ok()).toBe(true)
  const experimentId = ((await experiment.json()) as { experiment: { id: string } }).experiment.id

  await page.goto(`/experiments/${experimentId}`)
  // Three hundred runs at sixteen at a time: an outer limit for a loaded machine, not a speed goal.
  await expect(page.getByTestId('experiment-status')).toHaveAttribute('data-status', 'succeeded', { timeout: 240_000 })
  const table = page.getByRole('table', { name: 'Experiment results' })
  await expect(table).toHaveAttribute('aria-rowcount', String(rowCount + 1))
  await expect(page.getByTestId('result-count')).toHaveText(`${rowCount} runs`)
  const drawn = page.getByTestId('result-row')
  await expect(drawn.first()).toContainText('case 1')
  expect(await drawn.count()).toBeLessThan(rowCount / 4)
  await expect(table.getByRole('row').first()).toContainText('Output')

  // The keyboard scrolls it: End on the focused table goes to the last row, which says where it is in the whole.
  await page.getByTestId('experiment-results-scroller').focus()
  await page.keyboard.press('End')
  const last = page.locator(`[data-testid="result-row"][aria-rowindex="${rowCount + 1}"]`)
  await expect(last).toBeVisible()
  await expect(last).toContainText(`case ${rowCount}`)
  await expect(last.getByTestId('result-output')).toContainText(`Demo reply: case ${rowCount}`)
  expect(await drawn.count()).toBeLessThan(rowCount / 4)
  // The header stayed in view above the rows.
  await expect(page.getByRole('columnheader', { name: 'Output' })).toBeInViewport()
  await page.keyboard.press('Home')
  await expect(page.locator('[data-testid="result-row"][aria-rowindex="2"]')).toContainText('case 1')
})
