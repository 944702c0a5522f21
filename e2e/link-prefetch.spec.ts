/**
 * Links prefetch their page on intent, not on sight (components/ui/IntentLink): every page here is rendered on
 * request, and the header's seven links, in view on every page, made the server render seven pages while the page
 * being opened still loaded (on a two-core server that delayed a 1,000-node editor's first frame).
 */
import { expect, test, type Page, type Request } from './fixtures/test'

/** The router's prefetches: flight requests the browser makes without a navigation. */
function watchPrefetches(page: Page): string[] {
  const prefetched: string[] = []
  page.on('request', (request: Request) => {
    const headers = request.headers()
    if (headers['next-router-prefetch'] === '1') prefetched.push(new URL(request.url()).pathname)
  })
  return prefetched
}

test('the header prefetches nothing as a page opens, and a page once the pointer is over its link', async ({ page }) => {
  const prefetched = watchPrefetches(page)
  await page.goto('/workflows')
  await expect(page.getByTestId('workflow-list')).toBeVisible()
  // Hydrated, with the links in view: a prefetch on sight would have gone out by the time the network is idle.
  await page.waitForLoadState('networkidle')
  expect(prefetched).toEqual([])

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).hover()
  await expect.poll(() => prefetched).toContain('/runs')
  expect(prefetched.filter((path) => path !== '/runs')).toEqual([])

  // The prefetched page opens as any link's does.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click()
  await expect(page).toHaveURL(/\/runs$/)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' })).toHaveAttribute('aria-current', 'page')
})
