/**
 * A fresh installation as its first person meets it: nobody can sign in yet, the server printed a
 * one-time setup link, and that link creates the first admin. It is done on every server (one per
 * worker, playwright.config.ts). The signed-in state is saved for the specs that need the first
 * admin (project `first-admin`); that admin then invites a second admin, whose state the other specs
 * run with (e2e/fixtures/test.ts).
 */
import { expect, request, test as setup, type APIRequestContext, type Browser } from '@playwright/test'
import { ADMIN, adminStatePath, readSetupLink, serverUrl, WORKER, workerStatePath } from './fixtures/accounts'

setup('create the first admin from the printed setup link, on every server', async ({ browser }) => {
  for (let server = 0; server < setup.info().config.workers; server++) {
    await setup.step(`server ${server}`, () => setUpServer(browser, server))
  }
})

async function setUpServer(browser: Browser, server: number) {
  const context = await browser.newContext({ baseURL: serverUrl(server), storageState: undefined })
  try {
    const page = await context.newPage()
    await page.goto('/workflows')
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fworkflows$/)
    await expect(page.getByTestId('no-account-yet')).toContainText('No account exists yet: use the setup link printed by the server.')

    await expect.poll(() => readSetupLink(server), { message: `server ${server} prints a setup link` }).toMatch(/\/setup\?token=/)
    const link = readSetupLink(server)!
    await page.goto(link)
    await page.getByTestId('account-name').fill(ADMIN.name)
    await page.getByTestId('account-email').fill(ADMIN.email)
    await page.getByTestId('account-password').fill(ADMIN.password)
    await page.getByTestId('account-password-repeat').fill(ADMIN.password)
    await page.getByTestId('account-submit').click()
    await expect(page).toHaveURL(/\/workflows$/)
    await expect(page.getByTestId('user-menu')).toContainText(ADMIN.name)

    // The link worked once.
    await page.goto(link)
    await expect(page.getByTestId('invalid-link')).toBeVisible()

    await context.storageState({ path: adminStatePath(server) })
    await inviteWorkerAdmin(page.request, server)
  } finally {
    await context.close()
  }
}

/** The first admin invites the worker's admin, who accepts through the API; their session is saved. */
async function inviteWorkerAdmin(firstAdmin: APIRequestContext, server: number) {
  const invited = await firstAdmin.post('/api/admin/invitations', { data: { email: WORKER.email, role: 'admin' } })
  expect(invited.status()).toBe(201)
  const token = new URL(((await invited.json()) as { link: string }).link).searchParams.get('token')
  const context = await request.newContext({ baseURL: serverUrl(server) })
  try {
    const accepted = await context.post(`/api/invitations/${token}`, { data: { name: WORKER.name, password: WORKER.password } })
    expect(accepted.status()).toBe(201)
    await context.storageState({ path: workerStatePath(server) })
  } finally {
    await context.dispose()
  }
}
