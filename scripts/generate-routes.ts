/**
 * `npm run generate:routes`: writes the files derived from the route declarations (lib/server/route-sources.ts).
 * Run it after adding, removing or changing the methods of a route; route-sources.test.ts fails until you do.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  GENERATED_ROUTE_LOADERS_FILE,
  GENERATED_ROUTE_MODULES_FILE,
  GENERATED_ROUTE_TABLE_FILE,
  renderRouteLoaders,
  renderRouteModules,
  renderRouteTable,
} from '@/lib/server/route-sources'
import { loadRouteModules } from '@/lib/server/testing/route-inventory'

const root = join(import.meta.dirname, '..')
const routes = await loadRouteModules()
writeFileSync(join(root, GENERATED_ROUTE_TABLE_FILE), renderRouteTable(routes))
writeFileSync(join(root, GENERATED_ROUTE_MODULES_FILE), renderRouteModules(routes))
writeFileSync(join(root, GENERATED_ROUTE_LOADERS_FILE), renderRouteLoaders(routes))
console.log(`Wrote ${GENERATED_ROUTE_TABLE_FILE}, ${GENERATED_ROUTE_MODULES_FILE} and ${GENERATED_ROUTE_LOADERS_FILE} from ${routes.length} route files.`)
process.exit(0)
