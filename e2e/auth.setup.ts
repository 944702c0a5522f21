/**
 * A fresh installation as its first person meets it: nobody can sign in yet, the server printed a
 * one-time setup link, and that link creates the first admin. The signed-in state is saved for
 * every spec (playwright.config.ts, project `signed-in`).
 */
import { expect, test as setup } from '@playwright/test'
import { ADMIN, adminStatePath, readSetupLink } from './fixtures/accounts'

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
})
