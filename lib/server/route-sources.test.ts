import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { declarationOf } from './define-route'
import {
  declarationsIn,
  GENERATED_ROUTE_LOADERS_FILE,
  GENERATED_ROUTE_MODULES_FILE,
  GENERATED_ROUTE_TABLE_FILE,
  renderRouteLoaders,
  renderRouteModules,
  renderRouteTable,
} from './route-sources'
import { loadRouteModules } from './testing/route-inventory'

const root = join(import.meta.dirname, '..', '..')
const FIX = 'run `npm run generate:routes` and commit what it writes'

describe('the files derived from the route declarations', () => {
  it('are what the declarations give (checked in, because proxy.ts and the OpenAPI route cannot read app/ on disk)', async () => {
    const routes = await loadRouteModules()
    expect(readFileSync(join(root, GENERATED_ROUTE_TABLE_FILE), 'utf8'), `${GENERATED_ROUTE_TABLE_FILE} is stale: ${FIX}`).toBe(renderRouteTable(routes))
    expect(readFileSync(join(root, GENERATED_ROUTE_MODULES_FILE), 'utf8'), `${GENERATED_ROUTE_MODULES_FILE} is stale: ${FIX}`).toBe(renderRouteModules(routes))
    expect(readFileSync(join(root, GENERATED_ROUTE_LOADERS_FILE), 'utf8'), `${GENERATED_ROUTE_LOADERS_FILE} is stale: ${FIX}`).toBe(renderRouteLoaders(routes))
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
