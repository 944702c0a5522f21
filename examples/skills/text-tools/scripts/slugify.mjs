// Usage: node slugify.mjs '{"text":"Hello, World!"}'  →  {"slug":"hello-world"}
const args = JSON.parse(process.argv[2] ?? 'null') ?? {}
if (typeof args.text !== 'string') {
  console.error('Pass args: {"text": "<the title>"}')
  process.exit(2)
}
const slug = args.text
  .normalize('NFKD')
  .replace(/[\u0300-\u036f]/g, '')
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '-')
  .replace(/^-+|-+$/g, '')
console.log(JSON.stringify({ slug }))
