/** The `npm install` line of standalone exports names the versions the app itself is pinned to. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { STANDALONE_PACKAGES } from './export-runtime-packages'

describe('STANDALONE_PACKAGES', () => {
  it("pins each package at package.json's version", async () => {
    const pkg = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >
    const pinned = { ...pkg.dependencies, ...pkg.devDependencies }
    for (const [name, version] of Object.entries(STANDALONE_PACKAGES)) expect(`${name}@${pinned[name]}`).toBe(`${name}@${version}`)
  })
})
