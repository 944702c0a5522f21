/**
 * Workflows a person can tidy (issue #15, defect 6): "New workflow" opens a draft that is created
 * only when first saved or named; from the list and from the editor a workflow can be renamed,
 * described, duplicated and deleted, its runs kept (still listed under its name) or deleted with it.
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures/test'
import { straightGraph } from './fixtures/graphs'

async function workflowNames(api: APIRequestContext): Promise<string[]> {
  const list = await api.get('/api/workflows')
  return ((await list.json()) as { workflows: Array<{ name: string }> }).workflows.map((workflow) => workflow.name)
}

async function createWithRun(api: APIRequestContext, name: string): Promise<{ workflowId: string; runId: string }> {
  const graph = straightGraph({ id: 'shout', kind: 'transform', data: { expression: 'input + "!"' } })
  const created = await api.post('/api/workflows', { data: { name, graph } })
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id
  const run = await api.post('/api/runs', { data: { workflowId, input: 'hi' } })
  const runId = ((await run.json()) as { run: { id: string } }).run.id
  // A transform-only run finishes on its own.
  await expect.poll(async () => ((await (await api.get(`/api/runs/${runId}`)).json()) as { run: { status: string } }).run.status).toBe('succeeded')
  return { workflowId, runId }
}

const row = (page: Page, name: string) => page.getByTestId('workflow-list').getByRole('row').filter({ hasText: name })

test('"New workflow" opens a draft: leaving it untouched creates nothing; naming it creates one workflow', async ({ page }) => {
  const before = await workflowNames(page.request)
  await page.goto('/workflows')
  await page.getByTestId('new-workflow').click()
  await expect(page).toHaveURL(/\/workflows\/new$/)
  await expect(page.getByTestId('version-label')).toHaveText('Not saved yet')
  await page.getByRole('link', { name: 'Back to workflows' }).click()
  await expect(page).toHaveURL(/\/workflows$/)
  expect(await workflowNames(page.request)).toEqual(before)

  await page.getByTestId('new-workflow').click()
  const name = page.getByTestId('workflow-name')
  await name.fill('E2E named draft')
  await name.press('Enter')
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]+$/)
  await expect(page.getByTestId('version-label')).toHaveText('v1')
  const after = await workflowNames(page.request)
  expect(after.filter((n) => n === 'E2E named draft')).toHaveLength(1)
  expect(after).toHaveLength(before.length + 1)

  // A draft saved with the button is created too, under the name it shows.
  await page.goto('/workflows/new')
  await page.getByTestId('palette-agent').click()
  await page.getByTestId('save-version').click()
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]+$/)
  await expect(page.getByTestId('version-label')).toHaveText('v1')
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'false')
  expect(await workflowNames(page.request)).toHaveLength(before.length + 2)
})

test('from the list: rename and describe, duplicate, delete keeping the runs or deleting them', async ({ page }) => {
  const kept = await createWithRun(page.request, 'E2E list keeps')
  const gone = await createWithRun(page.request, 'E2E list drops')
  await page.goto('/workflows')

  // Rename and describe.
  await page.getByTestId(`workflow-details-${kept.workflowId}`).click()
  const details = page.getByRole('dialog', { name: 'Workflow details' })
  await details.getByTestId('workflow-details-name').fill('E2E list kept')
  await details.getByTestId('workflow-details-description').fill('Shouts what it is given.')
  await details.getByTestId('workflow-details-save').click()
  await expect(details).toBeHidden()
  await expect(row(page, 'E2E list kept')).toContainText('Shouts what it is given.')

  // Duplicate.
  await page.getByTestId(`workflow-duplicate-${kept.workflowId}`).click()
  await expect(row(page, 'Copy of E2E list kept')).toHaveCount(1)
  await expect(row(page, 'Copy of E2E list kept')).toContainText('Shouts what it is given.')

  // Delete, keeping the run: it stays in Runs under the workflow's name.
  await page.getByTestId(`workflow-delete-${kept.workflowId}`).click()
  const confirm = page.getByRole('dialog', { name: 'Delete “E2E list kept”?' })
  await expect(confirm.getByTestId('workflow-delete-runs')).toContainText('It has 1 run.')
  await confirm.getByLabel(/Keep the run/).check()
  await confirm.getByTestId('workflow-delete-confirm').click()
  await expect(confirm).toBeHidden()
  await expect(page.getByTestId(`workflow-row-${kept.workflowId}`)).toHaveCount(0)
  await page.goto('/runs')
  await expect(page.getByRole('row').filter({ hasText: 'E2E list kept' })).toHaveCount(1)
  await page.goto(`/runs/${kept.runId}`)
  await expect(page.getByTestId('run-workflow-name')).toHaveText('E2E list kept')

  // Delete with the run.
  await page.goto('/workflows')
  await page.getByTestId(`workflow-delete-${gone.workflowId}`).click()
  const confirmGone = page.getByRole('dialog', { name: 'Delete “E2E list drops”?' })
  await confirmGone.getByLabel(/Delete the run too/).check()
  await confirmGone.getByTestId('workflow-delete-confirm').click()
  await expect(page.getByTestId(`workflow-row-${gone.workflowId}`)).toHaveCount(0)
  expect((await page.request.get(`/api/runs/${gone.runId}`)).status()).toBe(404)
})

test('from the editor: details, duplicate and delete', async ({ page }) => {
  const { workflowId } = await createWithRun(page.request, 'E2E editor menu')
  await page.goto(`/workflows/${workflowId}`)
  await expect(page.getByTestId('canvas')).toBeVisible()

  await page.getByTestId('workflow-actions').click()
  await page.getByTestId('workflow-action-details').click()
  const details = page.getByRole('dialog', { name: 'Workflow details' })
  await details.getByTestId('workflow-details-name').fill('E2E editor menu, renamed')
  await details.getByTestId('workflow-details-description').fill('Described from the editor.')
  await details.getByTestId('workflow-details-save').click()
  await expect(page.getByTestId('workflow-name')).toHaveValue('E2E editor menu, renamed')

  await page.getByTestId('workflow-actions').click()
  await page.getByTestId('workflow-action-duplicate').click()
  await expect(page).not.toHaveURL(new RegExp(workflowId))
  await expect(page.getByTestId('workflow-name')).toHaveValue('Copy of E2E editor menu, renamed')

  await page.goto(`/workflows/${workflowId}`)
  await page.getByTestId('workflow-actions').click()
  await page.getByTestId('workflow-action-delete').click()
  const confirm = page.getByRole('dialog', { name: 'Delete “E2E editor menu, renamed”?' })
  await confirm.getByLabel(/Delete the run too/).check()
  await confirm.getByTestId('workflow-delete-confirm').click()
  await expect(page).toHaveURL(/\/workflows$/)
  await expect(page.getByTestId(`workflow-row-${workflowId}`)).toHaveCount(0)
  await expect(row(page, 'Copy of E2E editor menu, renamed')).toHaveCount(1)
})
