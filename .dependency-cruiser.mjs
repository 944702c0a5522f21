// Import rules checked by `npm run lint` (dependency-cruiser). Type-only imports count: the graph is
// the one TypeScript sees, which contains the one that runs, so one rule catches run-time cycles
// everywhere and type cycles too (in lib/core they are what tangled the layers).

// lib/core is used like a package: from outside it only through these entry points (each file's header
// says what it is for and who may import it). bench/ (not checked) imports lib/core's areas directly on
// purpose: the full entry point loads ~18 MB of MCP SDK and openai modules that would shift its heap and GC figures.
const CORE_ENTRY_POINTS = '^lib/core/(index|browser)\\.ts$|^lib/core/(mcp/)?testing/index\\.ts$'
const CORE_TESTING_ENTRY_POINTS = '^lib/core/(mcp/)?testing/index\\.ts$'
// What '@/lib/core/browser' may reach: modules that import nothing, so nothing Node-only reaches the browser.
const CORE_BROWSER_SAFE = '^lib/core/(browser|types|errors|mcp/task-status|mcp/forwarded-arguments)\\.ts$'
const TEST_FILE = '\\.test\\.tsx?$'

// lib/server's rooms on their floors, from the ground up (AGENTS.md draws it). A module imports at run time only
// modules of its own room or of rooms on lower floors: never a room above, nor a neighbour on its own floor. A room is
// a folder (and lib/server/runs has one per role); 'ground' is the helper modules at lib/server's top level, 'top' the
// composition roots and entry points that assemble everything. Type-only imports do not count here: a feature is
// handed the composition root's AppContext and names its type, which orders no loading and runs nothing (the cycle
// rule above still sees types). Tests and testing/ folders are exempt: a test drives whatever it needs. Giving a new
// folder a floor is part of adding it (the rule after these refuses a module in no room).
const SERVER_TOP_MODULES = [
  'app-context',
  'app-assembly',
  'services',
  'worker-host',
  'define-route',
  'route-sources',
  'request-screen',
  'request-gate',
  'raw-request-guard',
  'api-router',
]
const SERVER_FLOORS = [
  ['ground', 'db', 'audit', 'outbound', 'secrets'],
  ['auth', 'checkpoints', 'runs/events', 'telemetry', 'threat-protection'],
  ['approvals', 'credentials', 'model-prices', 'runs/queue', 'skills'],
  ['mcp', 'workspaces'],
  ['agents', 'workflows'],
  ['conversations', 'secret-vault'],
  ['runs/execution'],
  ['runs'],
  ['evaluations', 'responses', 'runs/debugging', 'share', 'triggers', 'collab'],
  ['publications'],
  ['top'],
]
const SERVER_TOP_FOLDERS = ['openapi', 'mcp-endpoint', 'admin-cli']
const roomPath = (room) =>
  room === 'ground'
    ? `^lib/server/(?!(${SERVER_TOP_MODULES.join('|')})\\.ts$)[^/]+\\.tsx?$`
    : room === 'top'
      ? `^lib/server/((${SERVER_TOP_MODULES.join('|')})\\.ts$|(${SERVER_TOP_FOLDERS.join('|')})/)`
      : room === 'runs'
        ? '^lib/server/runs/[^/]+\\.tsx?$'
        : `^lib/server/${room}/`
const SERVER_EXEMPT = [TEST_FILE, '(^|/)testing/']
const serverFloorRules = SERVER_FLOORS.flatMap((rooms, floor) =>
  rooms
    .filter(() => floor < SERVER_FLOORS.length - 1 || rooms.length > 1)
    .map((room) => ({
      name: 'server-floors',
      severity: 'error',
      comment: `lib/server/${room === 'ground' || room === 'top' ? `(${room})` : room} is on floor ${floor}: it imports only its own room and rooms on lower floors (see SERVER_FLOORS).`,
      from: { path: roomPath(room), pathNot: SERVER_EXEMPT },
      to: {
        path: SERVER_FLOORS.slice(floor)
          .flat()
          .filter((other) => other !== room)
          .map(roomPath),
        dependencyTypesNot: ['type-only'],
      },
    })),
)

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...serverFloorRules,
    {
      name: 'server-room-has-a-floor',
      severity: 'error',
      comment: 'Every lib/server module is in a room on a floor (SERVER_FLOORS): a new folder is given one when it is made.',
      from: { path: '^lib/server/', pathNot: [...SERVER_FLOORS.flat().map(roomPath), ...SERVER_EXEMPT] },
      to: {},
    },
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment:
        'An import cycle. Move the type or function both sides need into a module below both, or hand the ' +
        'dependency in (a parameter, an interface the higher module implements) instead of importing it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-ground-floor',
      severity: 'error',
      comment: 'lib/core/types.ts and lib/core/errors.ts are the ground floor: every layer imports them, they import no module of the project.',
      from: { path: '^lib/core/(types|errors)\\.ts$' },
      to: { dependencyTypes: ['local'] },
    },
    {
      name: 'core-entry-points',
      severity: 'error',
      comment:
        "lib/core is imported from outside only through its entry points: '@/lib/core' (the public API), " +
        "'@/lib/core/browser' (browser-safe), '@/lib/core/testing' and '@/lib/core/mcp/testing' (tests). " +
        'A name that is missing there is exported from the entry point, not reached for inside.',
      from: { pathNot: '^lib/core/' },
      to: { path: '^lib/core/', pathNot: CORE_ENTRY_POINTS },
    },
    {
      name: 'core-testing-entries-in-tests',
      severity: 'error',
      comment: "'@/lib/core/testing' and '@/lib/core/mcp/testing' are test helpers (one imports vitest): tests and testing/ folders only.",
      from: { pathNot: ['^lib/core/', TEST_FILE, '(^|/)testing/'] },
      to: { path: CORE_TESTING_ENTRY_POINTS },
    },
    {
      name: 'core-browser-entry-is-browser-safe',
      severity: 'error',
      comment:
        "'@/lib/core/browser' is bundled for the browser: it re-exports only lib/core modules that import nothing " +
        '(no package, no node builtin). Something that needs more stays out of it.',
      from: { path: '^lib/core/browser\\.ts$' },
      to: { pathNot: CORE_BROWSER_SAFE, reachable: true },
    },
    {
      name: 'browser-code-reaches-browser-safe-core',
      severity: 'error',
      comment:
        "Components and lib/contracts are bundled for the browser; '@/lib/core' would pull the MCP SDK, openai and " +
        "node builtins in with it, however far away the import. Import '@/lib/core/browser'. (Deep imports being " +
        'refused, reaching another entry point is the only way to the rest of lib/core.)',
      from: { path: '^(components|lib/contracts)/', pathNot: TEST_FILE },
      to: { path: CORE_ENTRY_POINTS, pathNot: '^lib/core/browser\\.ts$', reachable: true },
    },
    {
      name: 'cli-beside-the-server',
      severity: 'error',
      comment:
        'lib/cli (the agentloom command) runs documents without a server: it imports lib/graph, lib/core and lib/contracts, ' +
        'never lib/server, app or components (its tests may start a server). Only scripts/agentloom.ts imports lib/cli.',
      from: { path: '^lib/cli/', pathNot: [TEST_FILE, '(^|/)testing/'] },
      to: { path: '^(lib/server|app|components)/' },
    },
    {
      name: 'cli-is-an-entry',
      severity: 'error',
      comment: 'lib/cli is the command line: the app and the libraries below it do not import it.',
      from: { path: '^(lib/(server|graph|core|contracts)|app|components)/' },
      to: { path: '^lib/cli/' },
    },
    {
      name: 'resolvable-imports',
      severity: 'error',
      comment: 'An import the check cannot resolve would drop out of the graph, and a cycle through it would go unseen.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    exclude: {
      path: [
        '^node_modules/',
        '^\\.next/',
        '^bench/',
        '^lib/generated/',
        '^\\.data/',
        '^test-results/',
        '^playwright-report/',
        '^\\.reports/',
        '(^|/)\\.scratch/',
      ],
    },
    doNotFollow: { path: ['^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    skipAnalysisNotInRules: true,
  },
}
