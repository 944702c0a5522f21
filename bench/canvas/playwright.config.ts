/**
 * The canvas performance benchmark (`npm run bench:canvas`): the end-to-end suite's server, browser and
 * first-admin setup (../../playwright.config.ts), with the one spec in this folder. `npm test` never
 * runs it: its figures are reported (BENCHMARKS.md), not asserted.
 */
import { defineConfig } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import base from '../../playwright.config'
import { adminStatePath } from '../../e2e/fixtures/accounts'

const root = fileURLToPath(new URL('../..', import.meta.url))
// The benchmarks run as the first admin, one at a time: a second browser would take the cores they measure.
const signedIn = { use: { storageState: adminStatePath(0) } }

export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: `${root}/test-results/canvas-bench`,
  timeout: 15 * 60_000,
  workers: 1,
  reporter: [['list']],
  use: { ...base.use, screenshot: 'off', trace: 'off' },
  projects: [
    { name: 'setup', testDir: `${root}/e2e`, testMatch: /auth\.setup\.ts$/ },
    { name: 'canvas-bench', testMatch: /canvas-performance\.spec\.ts$/, dependencies: ['setup'], use: signedIn.use },
    // Where a frame's time goes (run on its own: `--project canvas-profile`).
    { name: 'canvas-profile', testMatch: /canvas-profile\.spec\.ts$/, dependencies: ['setup'], use: signedIn.use },
    // Editing a large workflow (run on its own: `--project canvas-editing`).
    { name: 'canvas-editing', testMatch: /canvas-editing\.spec\.ts$/, dependencies: ['setup'], use: signedIn.use },
    // Frames while dragging nodes and drawing a selection box in the overview (`--project overview-drag`).
    { name: 'overview-drag', testMatch: /overview-drag\.spec\.ts$/, dependencies: ['setup'], use: signedIn.use },
    // A 1,000-node workflow open in two editors at once: remote-change latency and frames (`--project canvas-live`).
    { name: 'canvas-live', testMatch: /live-two-editors\.spec\.ts$/, dependencies: ['setup'], use: signedIn.use },
    // The run page's graph of a finished run (run on its own: `--project run-graph-bench`).
    { name: 'run-graph-bench', testMatch: /run-graph-performance\.spec\.ts$/, dependencies: ['setup'], use: signedIn.use },
    // An experiment's results table at 1,000 rows: first rows and scrolling (`--project experiment-table-bench`).
    { name: 'experiment-table-bench', testMatch: /experiment-table\.spec\.ts$/, dependencies: ['setup'], use: signedIn.use },
    // Where the editor's opening spends the main thread (run on its own: `--project canvas-load-profile`).
    { name: 'canvas-load-profile', testMatch: /load-profile\.spec\.ts$/, dependencies: ['setup'], use: signedIn.use },
  ],
  // The base config starts one server per worker (an array); the benchmarks run in one worker, on the first.
  webServer: [{ ...[base.webServer].flat()[0]!, cwd: root }],
})
