import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { declarationOf } from './define-route'
import { declarationsIn, generatedRouteFiles } from './route-sources'
import { loadRouteModules } from './testing/route-inventory'

const root = join(import.meta.dirname, '..', '..')
const FIX = 'run `npm run generate:routes` and commit what it writes'

describe('the files derived from the route declarations', () => {
  it('are what the declarations give (checked in, because proxy.ts and the OpenAPI route cannot read app/ on disk)', async () => {
    const routes = await loadRouteModules()
    for (const { file, text } of generatedRouteFiles(routes)) expect(readFileSync(join(root, file), 'utf8'), `${file} is stale: ${FIX}`).toBe(text)
  }, 60_000)
})

describe('every route file', () => {
  it('exports only defineRoute handlers, each under the method it declares, with its file’s path', async () => {
    const wrong = (await loadRouteModules()).flatMap(({ file, pattern, module }) =>
      Object.entries(module)
        .filter(([, value]) => typeof value === 'function')
        .flatMap(([name, value]) => {
          const declaration = declarationOf(value)
          if (!declaration) return [`${file}: ${name} is not made with defineRoute`]
          if (declaration.method !== name) return [`${file}: ${name} declares method ${declaration.method}`]
          return declaration.path === pattern ? [] : [`${file}: ${name} declares path ${declaration.path}`]
        }),
    )
    expect(wrong).toEqual([])
  }, 60_000)

  it('parses its [params] with a schema that names exactly them (the catch-alls read none)', async () => {
    const wrong = (await loadRouteModules()).flatMap(({ file, pattern, params, module }) =>
      declarationsIn(module).flatMap((declaration) => {
        if (pattern.includes('[...')) return declaration.params ? [`${file}: a catch-all's params are not parsed here`] : []
        const declared = Object.keys((declaration.params as { shape?: object } | undefined)?.shape ?? {}).sort()
        return declared.join() === [...params].sort().join() ? [] : [`${file}: ${declaration.method} parses params [${declared}] for [${params}]`]
      }),
    )
    expect(wrong).toEqual([])
  }, 60_000)
})
