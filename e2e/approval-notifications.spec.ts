/**
 * A run that starts waiting on someone whose Agentloom tab is in the background: with browser notifications turned
 * on from the inbox, the browser says so, and a click on it opens the inbox. The page's own Notification and
 * visibility are recorded and steered by an init script (headless Chromium shows no notification on screen).
 */
import { straightGraph } from './fixtures/graphs'
import { expect, test } from './fixtures/test'

declare global {
  interface Window {
    __shownNotifications: Array<{ title: string; body: string; click(): void }>
    __tabHidden: boolean
  }
}

test('a new approval is told by a browser notification while the tab is in the background; its click opens the inbox', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  await page.addInitScript(() => {
    window.__shownNotifications = []
    window.__tabHidden = false
    Object.defineProperty(document, 'visibilityState', { get: () => (window.__tabHidden ? 'hidden' : 'visible') })
    const Real = window.Notification
    class Recorded {
      static get permission() {
        return Real.permission
      }
      static requestPermission() {
        return Real.requestPermission()
      }
      onclick: (() => void) | null = null
      constructor(title: string, options?: NotificationOptions) {
        window.__shownNotifications.push({ title, body: options?.body ?? '', click: () => this.onclick?.() })
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true })
  })

  await page.goto('/approvals')
  const toggle = page.getByTestId('browser-notifications')
  await expect(toggle).toHaveAttribute('data-state', 'off')
  await toggle.getByTestId('browser-notifications-on').click()
  await expect(toggle).toHaveAttribute('data-state', 'on')

  // The person goes on elsewhere in the app, then switches to another tab.
  await page.goto('/workflows')
  await expect(page.getByTestId('approvals-nav-badge')).toHaveAttribute('data-pending', /\d+/)
  await page.evaluate(() => (window.__tabHidden = true))

  const created = await page.request.post('/api/workflows', {
    data: { name: 'Notified sign-off', graph: straightGraph({ id: 'ask', kind: 'human_input', data: { label: 'Release sign-off', prompt: 'Ship it?' } }) },
  })
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id
  expect((await page.request.post('/api/runs', { data: { workflowId, input: 'v1.2' } })).ok()).toBe(true)

  await expect.poll(() => page.evaluate(() => window.__shownNotifications.length)).toBe(1)
  const [shown] = await page.evaluate(() => window.__shownNotifications.map(({ title, body }) => ({ title, body })))
  const { approvals } = (await (await page.request.get('/api/approvals?status=pending')).json()) as { approvals: Array<{ title: string }> }
  // The newest request by its title (other specs of this worker may have left more waiting: "(and N more)").
  expect(shown!.title).toBe('A run is waiting for your answer')
  expect(shown!.body.startsWith(approvals[0]!.title)).toBe(true)
  // No toast for a tab nobody looks at: the notification said it.
  await expect(page.getByText(/waits? in your inbox/)).toHaveCount(0)

  await page.evaluate(() => {
    window.__tabHidden = false
    window.__shownNotifications[0]!.click()
  })
  await expect(page).toHaveURL(/\/approvals$/)
  await expect(page.getByTestId('approval-card').filter({ hasText: 'Ship it?' })).toBeVisible()

  // Turned off, nothing more is shown.
  await page.getByTestId('browser-notifications-off').click()
  await expect(page.getByTestId('browser-notifications')).toHaveAttribute('data-state', 'off')
})
