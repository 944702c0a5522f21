export interface LeakForms {
  whole: string
  first20: string
  middle: string
  base64: string
  base64Part: string
  base64Url: string
  urlEncoded: string
}
export function leakForms(secret: string): LeakForms
export function leakText(label: string, secret: string): string
