/**
 * A workflow's triggers from its page (issue #32): a schedule added with its cron previewed in words and as fire
 * times, paused; a webhook added with its URL and secret shown once, then called with a signed body, its run listed
 * under it.
 */
import { createHmac } from 'node:crypto'
import { expect, test } from './fixtures/test'
import { straightGraph } from './fixtures/graphs'
import { openWorkflowEditor } from './fixtures/page'

test('adds a schedule and a webhook from the workflow page, and lists the run the webhook started', async ({ page }) => {
  const graph = straightGraph({ id: 'shout', kind: 'transform', data: { expression: 'input + "!"' } })
  const created = await page.request.post('/api/workflows', { data: { name: 'E2E triggers', graph } })
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id

  await openWorkflowEditor(page, workflowId)
  await page.getByTestId('workflow-menu').click()
  await page.getByTestId('open-triggers').click()
  await expect(page).toHaveURL(new RegExp(`/workflows/${workflowId}/triggers$`))

  await page.getByTestId('schedule-cron').fill('30 8 * * 1-5')
  await page.getByTestId('schedule-zone').fill('Europe/Paris')
  await expect(page.getByTestId('schedule-form')).toContainText('At 08:30, Monday through Friday')
  await expect(page.getByTestId('schedule-preview').getByRole('listitem')).toHaveCount(5)
  await page.getByTestId('schedule-add').click()
  const schedule = page.getByTestId('schedule-row')
  await expect(schedule).toContainText('30 8 * * 1-5')
  await expect(schedule).toContainText('active')
  await schedule.getByTestId('schedule-toggle').click()
  await expect(schedule).toContainText('paused')

  await page.getByTestId('webhook-add').click()
  const secret = (await page.getByTestId('webhook-secret-value').textContent())!
  const url = (await page.getByTestId('webhook-url').textContent())!
  expect(secret).toMatch(/^whsec_/)
  const body = 'ping'
  const t = Math.floor(Date.now() / 1000)
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  const called = await page.request.post(`${url}?wait=true`, {
    data: body,
    headers: { 'agentloom-signature': `t=${t},v1=${v1}`, 'content-type': 'text/plain' },
  })
  expect(called.status()).toBe(200)
  expect(await called.json()).toMatchObject({ status: 'succeeded', outputs: ['ping!'] })

  await page.reload()
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0)
  await expect(page.getByTestId('webhook-row').getByTestId('trigger-runs')).toContainText('succeeded')
})
