/**
 * A session that ends while someone edits (30 minutes unused, or 12 hours in all: lib/server/auth/session-lifetime.ts)
 * costs them nothing: saving asks for their password in place, then saves what they typed. The session's end is
 * the cookie going away, as the browser drops it when the server says the session is over. A session in use does not
 * end: the browser's cookie is set again as the server moves the session forward.
 */
import { WORKER } from './fixtures/accounts'
import { setSessionExpiry } from './fixtures/database'
import { SESSION_PATH } from '../components/account/session-use'
import { straightGraph } from './fixtures/graphs'
import { expect, test } from './fixtures/test'

const writer = { id: 'writer', kind: 'agent', data: { name: 'Writer', instructions: 'Write it.', model: { provider: 'demo' } } }

test('an ended session signs in again in place and keeps the unsaved edit', async ({ page, context }) => {
  const created = await page.request.post('/api/workflows', { data: { name: 'Edited past the session', graph: straightGraph(writer) } })
  expect(created.status()).toBe(201)
  const id = ((await created.json()) as { workflow: { id: string } }).workflow.id

  await page.goto(`/workflows/${id}`)
  await page.locator('.react-flow__node[data-id="writer"]').click()
  const instructions = page.getByTestId('inspector').getByTestId('inspector-instructions')
  await instructions.fill('Write it for a tired reader.')

  await context.clearCookies()
  await page.getByTestId('save-version').click()

  const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('E-mail')).toHaveValue(WORKER.email)
  // A wrong password says so and keeps the dialog; the right one carries on with the save.
  await dialog.getByTestId('session-renewal-password').fill('not-my-password')
  await dialog.getByTestId('session-renewal-submit').click()
  await expect(dialog.getByTestId('form-error')).toBeVisible()
  await dialog.getByTestId('session-renewal-password').fill(WORKER.password)
  await dialog.getByTestId('session-renewal-submit').click()

  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('version-label')).toHaveText('v2')
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}$`))
  await expect(instructions).toHaveValue('Write it for a tired reader.')
  const saved = await page.request.get(`/api/workflows/${id}/versions/2`)
  const { version } = (await saved.json()) as { version: { graph: { nodes: Array<{ id: string; data: { instructions?: string } }> } } }
  expect(version.graph.nodes.find((node) => node.id === 'writer')?.data.instructions).toBe('Write it for a tired reader.')
})

test('a session in use is set again in the browser as the server moves it forward', async ({ page, context, server }) => {
  // The page's clock, to move it past the refresh step rather than wait for it: a sixth of the idle limit, which is 12
  // hours on the test servers (scripts/e2e-server.mjs), so 2 hours.
  await page.clock.install()
  // The first page looks at the session once (session-use.ts): done before the session is made due below.
  const firstLook = page.waitForResponse((response) => new URL(response.url()).pathname === SESSION_PATH)
  await page.goto('/workflows')
  await firstLook
  const sessionCookie = async () => (await context.cookies()).find((cookie) => cookie.name.endsWith('session_token'))!
  const signedIn = await sessionCookie()
  /** Due to move forward: the session ends in 10 minutes unless used, and the browser's cookie lapses then too. */
  const dueForRenewal = async () => {
    await setSessionExpiry(server, signedIn.value, 10 * 60_000)
    await context.addCookies([{ ...signedIn, expires: Date.now() / 1000 + 10 * 60 }])
  }
  const expectRenewed = async () => {
    await expect.poll(async () => (await sessionCookie()).expires, { message: "the cookie's new lifetime" }).toBeGreaterThan(Date.now() / 1000 + 25 * 60)
    expect((await sessionCookie()).value).toBe(signedIn.value)
  }
  try {
    // A page opened: its render cannot set the cookie; the first API answer the page gets sets it again (the page's
    // own look at the session, session-use.ts, if nothing else asks first).
    await dueForRenewal()
    await page.goto('/runs')
    await expectRenewed()

    // A refresh step on, working on the same page: a key pressed is use too, told by the page's look at the session.
    await page.clock.fastForward('02:00:01')
    await dueForRenewal()
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === SESSION_PATH)
    await page.keyboard.press('Shift')
    await asked
    await expectRenewed()
  } finally {
    // The worker's session is every spec's on this server: never left about to end.
    await setSessionExpiry(server, signedIn.value, 12 * 60 * 60_000)
  }
})
