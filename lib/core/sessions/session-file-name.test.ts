import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sessionFilePath, sessionFileStem } from './session-file-name'

describe('sessionFileStem', () => {
  it('keeps safe ids, maps missing ids to default and encodes the rest', () => {
    expect(sessionFileStem('abc-123_x.y')).toBe('abc-123_x.y')
    expect(sessionFileStem(undefined)).toBe('default')
    expect(sessionFileStem('')).toBe('default')
    expect(sessionFileStem('a b')).toBe(`~session-${Buffer.from('a b').toString('base64url')}`)
    expect(sessionFileStem('.env')).toMatch(/^~session-/)
    expect(sessionFileStem('~session-abc')).toMatch(/^~session-(?!abc$)/)
  })

  it('maps any id to a file directly inside the directory, and distinct ids to distinct files', () => {
    const root = path.resolve('/srv/history')
    // Path-significant characters mixed with arbitrary ones (fast-check's 'binary' unit is slow here).
    const unit = fc.oneof(fc.constantFrom('/', '\\', '.', '..', '~', '\u0000', ' ', '-', 'é', '😀', ':'), fc.string({ minLength: 1, maxLength: 1 }))
    const id = fc.string({ minLength: 1, maxLength: 300, unit })
    fc.assert(
      fc.property(id, id, (a, b) => {
        const fileA = sessionFilePath(root, a)
        const inside = path.dirname(fileA) === root && path.basename(fileA).length <= 255
        return inside && (a === b || sessionFilePath(root, b) !== fileA)
      }),
      { numRuns: 1000 },
    )
  })
})
