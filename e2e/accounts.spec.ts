/**
 * Accounts as people meet them: signing in and out, an admin inviting a member who joins through
 * the link, owners' workflows staying private, share links opening without an account, and
 * personal API tokens that work until they are revoked. Runs signed in as the first admin
 * (e2e/auth.setup.ts); other people get fresh browser contexts.
 */
import { expect, test, type Browser, type Page } from './fixtures/test'
import { ADMIN } from './fixtures/accounts'

const MEMBER = { name: 'Max Member', email: 'max@example.test', password: 'max-e2e-password' }

/** A browser context with nobody signed in. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: undefined })
  return context.newPage()
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByTestId('sign-in-email').fill(email)
  await page.getByTestId('sign-in-password').fill(password)
  await page.getByTestId('sign-in-submit').click()
}

test('sign in, come back to the page asked for, sign out', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL)
  await page.goto('/runs')
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fruns$/)

  await signIn(page, ADMIN.email, 'not-the-password')
  await expect(page.getByTestId('form-error')).toBeVisible()
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/runs$/)
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN.name)

  await page.getByTestId('user-menu').click()
  await page.getByTestId('user-menu-sign-out').click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await page.goto('/settings')
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/)
  const api = await page.request.get('/api/me')
  expect(api.status()).toBe(401)
  await page.context().close()
})

test('an admin invites a member, who joins through the link and cannot see the admin’s workflow', async ({ page, browser, baseURL }) => {
  await page.goto('/settings')
  await page.getByTestId('settings-users').click()
  await expect(page).toHaveURL(/\/settings\/users$/)
  await page.getByTestId('invite-email').fill(MEMBER.email)
  await page.getByTestId('invite-submit').click()
  const link = (await page.getByTestId('one-time-link').textContent())?.trim() ?? ''
  expect(link).toMatch(/\/invite\?token=[A-Za-z0-9_-]{43}$/)

  const member = await freshPage(browser, baseURL)
  await member.goto(link)
  await expect(member.getByTestId('account-email')).toHaveValue(MEMBER.email)
  await member.getByTestId('account-name').fill(MEMBER.name)
  await member.getByTestId('account-password').fill(MEMBER.password)
  await member.getByTestId('account-password-repeat').fill(MEMBER.password)
  await member.getByTestId('account-submit').click()
  await expect(member).toHaveURL(/\/workflows$/)
  await expect(member.getByTestId('user-menu')).toContainText(MEMBER.name)

  // The admin sees the new member; the member has no admin settings.
  await page.reload()
  await expect(page.locator(`[data-testid="user-row"][data-email="${MEMBER.email}"]`)).toBeVisible()
  await member.goto('/settings')
  await expect(member.getByTestId('settings-users')).toHaveCount(0)
  await member.goto('/settings/users')
  await expect(member.getByRole('heading', { name: 'Not found' })).toBeVisible()
  await expect(member.getByTestId('invite-email')).toHaveCount(0)

  // The example workflows became the first admin's: the member gets "not found", page and API alike.
  const { workflows } = await (await page.request.get('/api/workflows')).json()
  expect(workflows.length).toBeGreaterThan(0)
  const workflowId = workflows[0].id
  await member.goto(`/workflows/${workflowId}`)
  await expect(member.getByText('This workflow does not exist.')).toBeVisible()
  expect((await member.request.get(`/api/workflows/${workflowId}`)).status()).toBe(404)

  // The link worked once.
  const again = await freshPage(browser, baseURL)
  await again.goto(link)
  await expect(again.getByTestId('invalid-link')).toBeVisible()
  await again.context().close()
  await member.context().close()
})

test('a share link opens without signing in and shows no app navigation', async ({ page, browser, baseURL }) => {
  const { workflows } = await (await page.request.get('/api/workflows')).json()
  const created = await page.request.post('/api/runs', { data: { workflowId: workflows[0].id, input: 'hello' } })
  expect(created.status()).toBe(201)
  const { run } = await created.json()
  const shared = await page.request.post(`/api/runs/${run.id}/share-links`, { data: {} })
  expect(shared.status()).toBe(201)
  const { url } = await shared.json()

  const stranger = await freshPage(browser, baseURL)
  await stranger.goto(url)
  await expect(stranger).toHaveURL(new RegExp(`${url}$`))
  await expect(stranger.getByTestId('run-view')).toBeVisible()
  await expect(stranger.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  await expect(stranger.getByTestId('user-menu')).toHaveCount(0)
  await stranger.context().close()
})

test('a personal API token works from a script until it is revoked', async ({ page, playwright, baseURL }) => {
  await page.goto('/settings')
  await page.getByTestId('token-name').fill('e2e script')
  await page.getByTestId('token-create').click()
  const token = (await page.getByTestId('token-value').textContent())?.trim() ?? ''
  expect(token).toMatch(/^al_/)
  await expect(page.getByTestId('token-row').filter({ hasText: 'e2e script' })).toBeVisible()

  const script = await playwright.request.newContext({ baseURL, storageState: undefined, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
  const me = await script.get('/api/me')
  expect(me.status()).toBe(200)
  expect(await me.json()).toMatchObject({ email: ADMIN.email, via: 'token' })

  await page.getByTestId('token-row').filter({ hasText: 'e2e script' }).getByTestId('token-revoke').click()
  await page.getByTestId('token-revoke-confirm').click()
  await expect(page.getByTestId('token-row').filter({ hasText: 'e2e script' })).toHaveCount(0)
  expect((await script.get('/api/me')).status()).toBe(401)
  await script.dispose()
})
