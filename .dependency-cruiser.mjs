// Import rules of docs/decisions/009 (web) and 010 (server), checked by `npm run lint`
// (docs/decisions/012-checked-boundaries.md). Test files and test helpers may reach anywhere:
// they render the whole app or boot the whole server.

const SERVER = '^apps/server/src';
const WEB = '^apps/web/src';
const TESTS = '(\\.test\\.tsx?$)|^apps/web/src/test/|^apps/server/src/testing/';

/**
 * Decision 010: server modules from the bottom up; a module imports only modules in layers
 * below its own. `health` and `metrics` import no module, so they sit at the bottom; `policy` (decision 013)
 * reads the plan and is read by the commands, so it sits beside `workspaces`.
 */
const MODULE_LAYERS = [
  ['health', 'metrics'],
  ['tokens'],
  ['auth'],
  ['billing'],
  ['workspaces', 'policy'],
  ['tasks'],
  ['projects', 'focus', 'day-reviews'],
  // The daily nudges (decision 084) ask day-reviews whether a day is finished.
  ['invites', 'automations', 'dashboard', 'reminders'],
  ['events', 'sync', 'portability', 'undo', 'feeds', 'webhooks', 'search'],
  ['logbook'],
  // Decision 079: the CalDAV server is an adapter over tasks, projects and the feeds' format.
  ['caldav'],
  ['account'],
  ['admin'],
];

const anyOf = (names) => `(${names.join('|')})`;

const moduleLayerRules = MODULE_LAYERS.map((layer, index) => {
  const notBelow = MODULE_LAYERS.slice(index).flat();
  return {
    name: `server-modules-import-downwards-${layer.join('-')}`,
    comment: `decision 010: ${layer.join(', ')} may import only modules in the layers below`,
    severity: 'error',
    from: { path: `${SERVER}/modules/${anyOf(layer)}/`, pathNot: TESTS },
    to: {
      path: `${SERVER}/modules/${anyOf(notBelow)}/`,
      pathNot: `${SERVER}/modules/$1/`,
    },
  };
});

/**
 * Decision 065 (after 009): the app and the screens compose features; a feature imports no other
 * feature. Plan and Execute are screens whole; elsewhere a screen is a `*-screen.tsx` file.
 */
const SCREEN_FEATURES = ['plan', 'execute', 'upcoming'];
const SCREEN_FILE = '-screen\\.tsx$';

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'imports run one way: a cycle means two parts cannot be understood apart',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-not-layered',
      comment: 'decision 010: every server module has a place in the layer order (MODULE_LAYERS)',
      severity: 'error',
      from: {
        path: `${SERVER}/modules/`,
        pathNot: `${SERVER}/modules/${anyOf(MODULE_LAYERS.flat())}/`,
      },
      to: {},
    },
    ...moduleLayerRules,
    {
      name: 'server-lib-and-db-import-no-module',
      comment: 'decision 010: lib/ and db/ are below every module',
      severity: 'error',
      from: { path: `${SERVER}/(lib|db)/`, pathNot: TESTS },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'server-plugins-import-no-module-service',
      comment: 'decision 010: cross-cutting plugins never reach into a module service',
      severity: 'error',
      from: { path: `${SERVER}/plugins/`, pathNot: TESTS },
      to: { path: `${SERVER}/modules/.+\\.service\\.ts$` },
    },
    {
      name: 'server-modules-meet-at-services',
      comment: "STYLE 10: another module's repository is private to it",
      severity: 'error',
      from: { path: `${SERVER}/modules/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SERVER}/modules/[^/]+/.+\\.repository\\.ts$`,
        pathNot: `${SERVER}/modules/$1/`,
      },
    },
    {
      name: 'web-features-import-no-app',
      comment: 'decision 009: no import points back up into app/',
      severity: 'error',
      from: { path: `${WEB}/features/`, pathNot: TESTS },
      to: { path: `${WEB}/app/` },
    },
    {
      name: 'web-features-import-no-other-feature',
      comment:
        'decision 065: a feature imports no other feature; the app and the screens compose them',
      severity: 'error',
      from: {
        path: `${WEB}/features/([^/]+)/`,
        pathNot: [`${WEB}/features/${anyOf(SCREEN_FEATURES)}/`, SCREEN_FILE, TESTS],
      },
      to: { path: `${WEB}/features/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'web-sync-imports-no-feature',
      comment:
        'decision 065: the sync layer sits below the features; a feature registers what it adds',
      severity: 'error',
      from: { path: `${WEB}/(sync|stores)/`, pathNot: TESTS },
      to: { path: `${WEB}/(features|app)/` },
    },
    {
      name: 'web-ui-and-api-import-no-feature',
      comment: 'decisions 009, 065: the design system and the HTTP client know no feature nor sync',
      severity: 'error',
      from: { path: `${WEB}/(ui|api)/`, pathNot: TESTS },
      to: { path: `${WEB}/(features|app|sync|stores)/` },
    },
    {
      name: 'tools-and-e2e-reach-workspaces-through-their-packages',
      comment:
        'the bench, the cluster test and e2e import the server and shared as npm packages ' +
        '(@hustle/server/…), never by a relative path into another workspace',
      severity: 'error',
      from: { path: '^(tools|e2e)/' },
      to: { path: '^(apps|packages)/', dependencyTypes: ['local'] },
    },
    {
      name: 'apps-and-shared-import-no-tools',
      comment: 'the production build never carries the bench, the cluster test or e2e code',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { path: '^(tools|e2e)/' },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'ARCHITECTURE §2: packages/shared is below both apps',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'apps-import-each-other-never',
      comment: 'ARCHITECTURE §2: the web app and the server meet only in packages/shared',
      severity: 'error',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are dependencies of the design too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
