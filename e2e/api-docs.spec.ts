/**
 * The API reference as a person reads it: reached from the navigation, grouped by section, an
 * operation opens to its body and answers, a schema link leads to the schema, and the raw
 * openapi.json it renders is one click away.
 */
import { expect, test } from './fixtures/test'

test('read the API reference: open an operation, follow a schema link, get openapi.json', async ({ page, request }) => {
  await page.goto('/workflows')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API' }).click()
  await expect(page).toHaveURL(/\/api-docs$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Agentloom API')

  // Sections by tag; the runs section lists starting a run.
  const runs = page.getByRole('region', { name: 'runs' })
  const startRun = runs.locator('details', { hasText: 'POST/api/runs' }).first()
  await expect(startRun).toBeVisible()
  await expect(startRun.getByText('Request body (JSON)')).toBeHidden()

  // Opened, it shows the request body's fields and every answer, errors in the one error shape.
  await startRun.locator('summary').click()
  await expect(startRun.getByText('Request body (JSON)')).toBeVisible()
  await expect(startRun.getByText('workflowId', { exact: true })).toBeVisible()
  await expect(startRun.getByText('Queued', { exact: true })).toBeVisible()
  await expect(startRun.getByRole('link', { name: 'ApiError' }).first()).toBeVisible()

  // A shared schema is one link away.
  await startRun.getByRole('link', { name: 'RunSummary' }).click()
  await expect(page).toHaveURL(/#schema-RunSummary$/)
  await expect(page.locator('#schema-RunSummary')).toContainText('workflowName')

  // The document it renders, for tools.
  await expect(page.getByRole('link', { name: 'openapi.json' })).toHaveAttribute('href', '/api/openapi.json')
  const document = await request.get('/api/openapi.json')
  expect(document.status()).toBe(200)
  expect((await document.json()).openapi).toBe('3.1.0')
})
