/**
 * Every API route handler in app/, found on disk, so that tests over "every route" (ownership,
 * fuzzing, unauthenticated header probes) notice a route that is added later.
 */
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { declarationOf, type AnyRouteDeclaration } from '../define-route'

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>

export interface RouteEntry {
  /** The URL pattern, e.g. `/api/runs/[id]/cancel`. */
  pattern: string
  /** The file, relative to the repository root. */
  file: string
  /** The names of the dynamic segments, in order (`[...path]` is a catch-all). */
  params: string[]
  handlers: Partial<Record<HttpMethod, Handler>>
  /** The defineRoute declaration of each method. */
  declarations: Partial<Record<HttpMethod, AnyRouteDeclaration>>
}

const root = join(import.meta.dirname, '..', '..', '..')

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(path)
    return entry.name === 'route.ts' ? [path] : []
  })
}

/** Route files under app/ (pages' route groups `(name)` do not appear in URLs). */
export function listRouteFiles(): { file: string; pattern: string; params: string[] }[] {
  return routeFiles(join(root, 'app'))
    .map((path) => {
      const file = relative(root, path).split(sep).join('/')
      const segments = file
        .split('/')
        .slice(1, -1)
        .filter((s) => !/^\(.*\)$/.test(s))
      const params = segments.filter((s) => s.startsWith('[')).map((s) => s.replace(/^\[(\.\.\.)?|\]$/g, ''))
      return { file, pattern: '/' + segments.join('/'), params }
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern))
}

/** Every route file's module, imported. */
export async function loadRouteModules(): Promise<(ReturnType<typeof listRouteFiles>[number] & { module: Record<string, unknown> })[]> {
  return Promise.all(
    listRouteFiles().map(async (route) => ({ ...route, module: (await import(/* @vite-ignore */ join(root, route.file))) as Record<string, unknown> })),
  )
}

export async function loadRoutes(): Promise<RouteEntry[]> {
  return Promise.all(
    (await loadRouteModules()).map(async ({ module: mod, ...route }) => {
      const handlers: RouteEntry['handlers'] = {}
      const declarations: RouteEntry['declarations'] = {}
      for (const method of HTTP_METHODS) {
        if (typeof mod[method] === 'function') handlers[method] = mod[method] as Handler
        const declaration = declarationOf(mod[method])
        if (declaration) declarations[method] = declaration
      }
      return { ...route, handlers, declarations }
    }),
  )
}
