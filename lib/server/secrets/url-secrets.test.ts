import { describe, expect, it } from 'vitest'
import { joinUrlSecrets, maskUrl, splitUrlSecrets, urlSecretValues } from './url-secrets'

describe('url secrets', () => {
  it('splits query values out and puts them back', () => {
    const url = 'https://mcp.example/v1/mcp?token=abc%2F123&mode=fast&flag&empty=#top'
    const split = splitUrlSecrets(url)
    expect(split.url).toBe('https://mcp.example/v1/mcp?token=[secret]&mode=[secret]&flag&empty=#top')
    expect(split.secrets).toEqual({
      query: [
        ['token', 'abc%2F123'],
        ['mode', 'fast'],
      ],
    })
    expect(joinUrlSecrets(split.url, split.secrets)).toBe(url)
    expect(urlSecretValues(split.secrets)).toEqual(['abc%2F123', 'abc/123', 'fast'])
  })

  it('splits the password of user:password@host', () => {
    const split = splitUrlSecrets('wss://me:p%40ss@ws.example:8443/mcp')
    expect(split.url).toBe('wss://me:[secret]@ws.example:8443/mcp')
    expect(joinUrlSecrets(split.url, split.secrets)).toBe('wss://me:p%40ss@ws.example:8443/mcp')
  })

  it('keeps stored values for parts sent back as [secret], by name and order', () => {
    const stored = splitUrlSecrets('https://a.example/m?k=one&k=two&t=tok').secrets
    const again = splitUrlSecrets('https://a.example/m?k=[secret]&k=[secret]&t=new&extra=[secret]', stored)
    expect(again.secrets.query).toEqual([
      ['k', 'one'],
      ['k', 'two'],
      ['t', 'new'],
      ['extra', '[secret]'],
    ])
    expect(again.unknownMarks).toEqual(['extra'])
  })

  it('masks URLs for showing', () => {
    expect(maskUrl('https://a.example/mcp')).toBe('https://a.example/mcp')
    expect(maskUrl('https://a.example/mcp?key=zzz')).toBe('https://a.example/mcp?key=[secret]')
  })
})
