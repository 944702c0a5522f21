/**
 * `npm run generate:routes`: writes the files derived from the route declarations (lib/server/route-sources.ts).
 * Run it after adding, removing or changing the methods of a route; route-sources.test.ts fails until you do.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generatedRouteFiles } from '@/lib/server/route-sources'
import { loadRouteModules } from '@/lib/server/testing/route-inventory'

const root = join(import.meta.dirname, '..')
const routes = await loadRouteModules()
const files = generatedRouteFiles(routes)
for (const { file, text } of files) writeFileSync(join(root, file), text)
console.log(`Wrote ${files.map(({ file }) => file).join(', ')} from ${routes.length} route files.`)
process.exit(0)
