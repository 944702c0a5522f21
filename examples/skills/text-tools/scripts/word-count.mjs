// Usage: node word-count.mjs '{"text":"one two three"}'  →  {"words":3,"characters":13}
const args = JSON.parse(process.argv[2] ?? 'null') ?? {}
if (typeof args.text !== 'string') {
  console.error('Pass args: {"text": "<the text>"}')
  process.exit(2)
}
const words = args.text.split(/\s+/).filter(Boolean).length
console.log(JSON.stringify({ words, characters: [...args.text].length }))
