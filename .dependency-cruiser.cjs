// The arrows that must never exist between Tapnet's parts (README "Layout", DESIGN.md §2), checked by
// `npm run lint` on every file's resolved imports: how an import is spelled (`../other-feature/x`,
// `../../src/...`) cannot slip past it. Type-only imports count too.

/** The client's data layers, lowest first: each may import only those before it (and contract/). */
const DATA_LAYERS = ['db', 'session', 'api', 'sync'];

function layersAbove(layer) {
  return DATA_LAYERS.slice(DATA_LAYERS.indexOf(layer) + 1);
}

function inSrc(folders) {
  return `^src/(${folders.join('|')})/`;
}

/**
 * The transport lies beneath the data layers: it imports only contract/ and src/config, so the session's
 * token refresh and src/map may send through it too.
 */
const TRANSPORT = '^src/api/transport\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-other-feature',
      comment:
        'A feature never imports another feature: shared code moves down to ui/, db/, session/, api/ or sync/.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-to-dexie',
      comment:
        'Features never read Dexie tables (the pending-writes queue above all): they read src/sync/pending.ts and the cached-resource hooks.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/db/tapnet-db\\.ts$' },
    },
    {
      name: 'feature-to-app',
      comment: 'The app shell composes features into routes; a feature never reaches back up into it.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'ui-to-above',
      comment: 'ui/ is presentational: it imports no feature, no app, no map and no data layer.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: `^src/(features|app|map)/|${inSrc(DATA_LAYERS)}` },
    },
    {
      name: 'map-to-screens',
      comment:
        'src/map is shared by screens: it may use contract/ and src/ui, never a screen, the app or a data layer.',
      severity: 'error',
      from: { path: '^src/map/' },
      to: { path: `^src/(features|app)/|${inSrc(DATA_LAYERS)}`, pathNot: TRANSPORT },
    },
    {
      name: 'data-layer-to-screens',
      comment:
        'A data layer returns outcomes and the screen or app shows them: it never imports a feature, ui, map or the app.',
      severity: 'error',
      from: { path: inSrc(DATA_LAYERS) },
      to: { path: '^src/(features|ui|map|app)/' },
    },
    ...DATA_LAYERS.slice(0, -1).map((layer) => ({
      name: `${layer}-to-layer-above`,
      comment: `Data layers stack db < session < api < sync: ${layer}/ never imports ${layersAbove(layer).join(', ')}.`,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      to: { path: inSrc(layersAbove(layer)), pathNot: TRANSPORT },
    })),
    {
      name: 'transport-is-a-floor',
      comment:
        'src/api/transport.ts sends any endpoint for every layer, so it imports nothing of the client but src/config.',
      severity: 'error',
      from: { path: TRANSPORT },
      to: { path: '^src/', pathNot: '^src/config/' },
    },
    {
      name: 'config-imports-no-client',
      comment: 'src/config parses the build settings for everyone: it imports no other client code.',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: '^src/config/' },
    },
    {
      name: 'client-to-server-or-sw',
      comment: 'The client talks to the server through src/api and contract/ only.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server|sw)/' },
    },
    {
      name: 'sw-to-above-data-layers',
      comment: 'The service worker imports only contract/, src/sync, src/session and src/db.',
      severity: 'error',
      from: { path: '^sw/' },
      to: { path: '^(src|server)/', pathNot: `${inSrc(['sync', 'session', 'db'])}|^src/zod-jitless\\.ts$` },
    },
    {
      name: 'server-to-client',
      comment: 'The server depends only on contract/ from outside itself, never on client code.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|sw)/' },
    },
    {
      name: 'module-private',
      comment:
        'A server module imports another only through its face (server/modules/<name>/index.ts): routes, services and queries stay private (server/modules/README.md).',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/(?!index\\.ts$)', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'platform-to-module',
      comment:
        'server/platform is the kernel every module uses: it knows no module by name, only the registry (server/modules/index.ts).',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { path: '^server/modules/', pathNot: '^server/modules/index\\.ts$' },
    },
    {
      name: 'outside-to-module-private',
      comment:
        'Code outside server/modules (cli/, main.ts) reaches a module through its face or the registry, never its private files.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/modules/' },
      to: { path: '^server/modules/[^/]+/(?!index\\.ts$)' },
    },
    {
      name: 'no-circular',
      comment:
        'No import loop anywhere in server/, src/ or contract/ (type-only imports count): with module faces, a folder cycle between modules is a file loop too.',
      severity: 'error',
      from: { path: '^(server|src|contract)/' },
      to: { circular: true },
    },
    {
      name: 'contract-to-anything-but-zod',
      comment: 'contract/ describes the wire for everyone: it imports nothing but zod and itself.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: '^(contract/|node_modules/zod/)' },
    },
    {
      name: 'no-http-library',
      comment:
        'The client calls its server through src/api/transport.ts alone (fetch, lint-enforced); ky is gone and stays gone.',
      severity: 'error',
      from: { path: '^(src|sw)/' },
      to: { path: '^node_modules/ky/' },
    },
    {
      name: 'maplibre-outside-map',
      comment:
        'Only src/map imports maplibre: screens use its components, loaded lazily, so the map never enters another chunk.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/map/' },
      to: { path: '^node_modules/(maplibre-gl|react-map-gl)/' },
    },
    {
      name: 'nivo-outside-charts',
      comment:
        'Only src/ui/charts imports nivo: screens use its charts from lazy routes, so nivo never enters the entry or the public card page.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/ui/charts/' },
      to: { path: '^node_modules/@nivo/' },
    },
  ],
  options: {
    includeOnly: '^(src|sw|server|contract|node_modules)/',
    doNotFollow: { path: 'node_modules' },
    // `import type` is an arrow of the design too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
