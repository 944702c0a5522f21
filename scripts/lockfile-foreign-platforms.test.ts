import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain .mjs script without type declarations
import { missingOptionalEntries, platformOf } from './lockfile-foreign-platforms.mjs'

describe('package-lock.json', () => {
  it('lists every optional platform package, so `npm ci` accepts it (run `npm run lock:platforms`)', () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'))
    expect(Object.keys(missingOptionalEntries(lock))).toEqual([])
  })

  it('reads os and cpu off platform package names', () => {
    expect(platformOf('@next/swc-win32-arm64-msvc')).toEqual({ os: ['win32'], cpu: ['arm64'] })
    expect(platformOf('@tailwindcss/oxide-linux-arm-gnueabihf')).toEqual({ os: ['linux'], cpu: ['arm'] })
    expect(platformOf('@tailwindcss/oxide-wasm32-wasi')).toEqual({ cpu: ['wasm32'] })
  })
})
