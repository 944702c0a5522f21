/**
 * How the Playwright suite (and the canvas benches, which extend its config) start Debian's Chromium.
 *
 * Chromium keeps only the last `--disable-features` it is given, and Playwright passes its own list first, so ours
 * repeats Playwright's (`PLAYWRIGHT_DISABLED_FEATURES`; scripts/chromium-args.int.test.ts fails when a Playwright
 * upgrade adds one) and adds what the suite does not need.
 */

/** What Playwright 1.x disables itself (its `chromiumSwitches`): no network chatter, screenshots without paint holding. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * Chromium's address bar popup, which it renders ahead of time in a renderer of its own for every window, headless
 * too, where no one can type in an address bar. A context and its page cost half the CPU without it (20 contexts:
 * 16.1 s of CPU against 8.0 s), and the suite opens a window for every test.
 */
const SUITE_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/**
 * V8 without its optimising compilers (TurboFan, Maglev): a page in the suite lives for seconds, too short for the
 * CPU spent compiling hot functions to be won back. Measured on two pairs of specs, the same tests each way: the
 * renderers' CPU 29.4–29.7 s against 32.1–35.1 s (editing and runs-and-look), 26.1 s against 29.4 s (the 300-node
 * canvases and co-editing), no test slower. What pages do is unchanged: only how V8 runs the same code.
 */
const V8_FLAGS = '--js-flags=--no-opt --no-maglev'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...SUITE_DISABLED_FEATURES].join(',')}`,
  V8_FLAGS,
]

export const CHROMIUM_PATH = process.env.AGENTLOOM_CHROMIUM ?? '/usr/bin/chromium'
