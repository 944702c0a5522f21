/**
 * The suite's Chromium arguments, checked against the browser itself: they keep every feature Playwright disables
 * (Chromium honours only the last `--disable-features`, ours), and a window no longer renders the address bar's popup.
 */
import { existsSync } from 'node:fs'
import { chromium, type Browser } from '@playwright/test'
import { afterEach, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-args'

let browser: Browser | undefined
afterEach(async () => {
  await browser?.close()
  browser = undefined
})

/**
 * The features the running browser was told to disable, from its own command line as Chromium reports it (which it
 * does only under `--enable-automation`), and the browser's own UI pages a window opened.
 */
async function disabledFeatures(args: string[]): Promise<{ disabled: string[]; uiTargets: string[] }> {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...args, '--enable-automation'] })
  const cdp = await browser.newBrowserCDPSession()
  const { arguments: commandLine } = (await cdp.send('Browser.getBrowserCommandLine')) as { arguments: string[] }
  const last = commandLine.filter((arg) => arg.startsWith('--disable-features=')).at(-1) ?? '--disable-features='
  const page = await (await browser.newContext()).newPage()
  await page.setContent('<p>a window</p>')
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] })
  return { disabled: last.slice('--disable-features='.length).split(','), uiTargets: targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url) }
}

describe.runIf(existsSync(CHROMIUM_PATH))('the suite’s Chromium arguments', () => {
  it('keep every feature Playwright disables, and start a window without the address bar popup rendered ahead of time', async () => {
    const playwrights = (await disabledFeatures(['--no-sandbox', '--disable-gpu'])).disabled
    await browser?.close()
    const ours = await disabledFeatures(CHROMIUM_ARGS)
    expect(playwrights.length).toBeGreaterThan(0)
    expect(ours.disabled).toEqual(expect.arrayContaining([...playwrights, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']))
    expect(ours.uiTargets).toEqual([])
  })
})
