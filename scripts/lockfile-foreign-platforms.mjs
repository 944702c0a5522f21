// The npm registry these machines reach serves the Linux builds of platform packages only
// (e.g. @next/swc-darwin-arm64 answers 404). `npm install` then leaves those optional
// dependencies out of package-lock.json, and `npm ci` refuses such a lock ("Missing: … from
// lock file"). This adds the entries the public registry would have produced: name, version,
// optional, and the os/cpu that keep them from ever being installed on another platform.
// Run after changing dependencies: `npm run lock:platforms` (a unit test checks it was run).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'sunos', 'aix']
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64']

/** os and cpu read off a platform package's name, e.g. `@next/swc-win32-arm64-msvc`. */
export function platformOf(name) {
  const tokens = name.split('/').pop().split('-')
  const os = tokens.find((t) => OS.includes(t))
  const cpu = tokens.find((t) => CPU.includes(t))
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) }
}

/** The optional dependencies a lock names but has no entry for, as the stub entries to add. */
export function missingOptionalEntries(lock) {
  const packages = lock.packages ?? {}
  const stubs = {}
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`
      if (packages[key] || stubs[key]) continue
      const platform = platformOf(name)
      if (!platform.os && !platform.cpu) continue // not a platform build: a real gap, leave it to npm
      stubs[key] = { version, ...(entry.dev || path === '' ? { dev: entry.dev } : {}), optional: true, ...platform }
      if (stubs[key].dev === undefined) delete stubs[key].dev
    }
  }
  return stubs
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = fileURLToPath(new URL('../package-lock.json', import.meta.url))
  const lock = JSON.parse(readFileSync(path, 'utf8'))
  const stubs = missingOptionalEntries(lock)
  const sorted = Object.fromEntries(Object.entries({ ...lock.packages, ...stubs }).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
  lock.packages = sorted
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(`added ${Object.keys(stubs).length} foreign-platform entries to package-lock.json`)
}
