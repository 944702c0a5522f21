/** Whether a navigation link to `href` leads to the page at `pathname`: the page itself, or (unless `exact`) one under it. */
export function isCurrentPath(pathname: string | null, href: string, exact = false): boolean {
  if (!pathname) return false
  if (pathname === href) return true
  return !exact && pathname.startsWith(href.endsWith('/') ? href : `${href}/`)
}
