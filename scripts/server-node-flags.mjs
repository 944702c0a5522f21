// The V8 flags of the app's web process: `npm start` (scripts/start.mjs) starts `next start` with them, and so does
// bench/run-throughput.ts, which measures that process.
//
// Young-generation semi-spaces of 32 MB instead of Node's 16: the web process runs the runs people wait for, and each
// run allocates its events, checkpoints and JSON copies. At half load (bench/run-throughput.ts --rate 18, 1,000 runs),
// create p99 went from 34.6–50.9 ms (four runs) to 27.3–35.6 ms (five), for about 30 MB more RSS (BENCHMARKS.md,
// "Session 29").
export const WEB_NODE_FLAGS = ['--max-semi-space-size=32']
