/**
 * A fresh installation as its first person meets it: nobody can sign in yet, the server printed a
 * one-time setup link, and that link creates the first admin. The signed-in state is saved for the
 * specs that need the first admin (playwright.config.ts, project `first-admin`); that admin then
 * invites one admin per worker, whose states the other specs run with (e2e/fixtures/test.ts).
 */
import { expect, request, test as setup, type APIRequestContext } from '@playwright/test'
import { ADMIN, adminStatePath, readSetupLink, workerAccount, workerStatePath } from './fixtures/accounts'

setup('create the first admin from the printed setup link', async ({ page }) => {
  await page.goto('/workflows')
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fworkflows$/)
  await expect(page.getByTestId('no-account-yet')).toContainText('No account exists yet: use the setup link printed by the server.')

  await expect.poll(readSetupLink, { message: 'the server prints a setup link' }).toMatch(/\/setup\?token=/)
  const link = readSetupLink()!
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

  await page.context().storageState({ path: adminStatePath() })

  await setup.step('one admin per worker', async () => {
    for (let index = 0; index < setup.info().config.workers; index++) await inviteWorkerAdmin(page.request, index)
  })
})

/** The first admin invites the worker's admin, who accepts through the API; their session is saved. */
async function inviteWorkerAdmin(firstAdmin: APIRequestContext, parallelIndex: number) {
  const account = workerAccount(parallelIndex)
  const invited = await firstAdmin.post('/api/admin/invitations', { data: { email: account.email, role: 'admin' } })
  expect(invited.status()).toBe(201)
  const token = new URL(((await invited.json()) as { link: string }).link).searchParams.get('token')
  const context = await request.newContext({ baseURL: setup.info().project.use.baseURL })
  try {
    const accepted = await context.post(`/api/invitations/${token}`, { data: { name: account.name, password: account.password } })
    expect(accepted.status()).toBe(201)
    await context.storageState({ path: workerStatePath(parallelIndex) })
  } finally {
    await context.dispose()
  }
}
