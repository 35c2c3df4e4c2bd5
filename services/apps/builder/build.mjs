// Builds a generated module's pages into a module-federated remote (services/apps runs it in a
// child process): `node build.mjs <front dir> <out dir> <remote name>`.
//
// The module's `routes.ts` (menu href → page loader, what every remote of the portal exposes) is
// bundled with rolldown, the bundler under the frontends' vite. The portal's singletons (react,
// react-dom, antd, @loom/ui, react-i18next, i18next, react-router-dom) are not bundled: the
// remote entry's `init(shareScope)` takes the instances the shell put in the module-federation
// share scope, and every import of them reads those. Anything else (dayjs, …) is bundled from
// the builder's node_modules (LOOM_APPS_BUILDER_MODULES).
//
// The output is an ES module remote entry (`remoteEntry.js`, `init` + `get`, as
// @module-federation/runtime expects of a `type: 'module'` remote) and its chunks.
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [front, out, remoteName] = process.argv.slice(2);
if (!front || !out || !remoteName) {
  console.error('usage: node build.mjs <front dir> <out dir> <remote name>');
  process.exit(2);
}
const modulesDir = process.env.LOOM_APPS_BUILDER_MODULES || join(process.cwd(), 'node_modules');
const require = createRequire(join(resolve(modulesDir), '..', 'noop.js'));
const { rolldown } = await import(pathToFileURL(require.resolve('rolldown')).href);

/** Import name → the shared singleton it reads (subpaths of a singleton read the singleton). */
const SHARED = {
  react: 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  antd: 'antd',
  '@loom/ui': '@loom/ui',
  '@loom/ui/core': '@loom/ui',
  'react-i18next': 'react-i18next',
  i18next: 'i18next',
  'react-router-dom': 'react-router-dom',
};
const SINGLETONS = [...new Set(Object.values(SHARED))];
const GLOBAL = '__loomAppsShared';

function findRoutes(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const found = findRoutes(path);
      if (found) return found;
    } else if (name === 'routes.ts' || name === 'routes.tsx') return path;
  }
  return null;
}

const routes = findRoutes(resolve(front));
if (!routes) {
  console.error(`no routes.ts under ${front}: the module's front-end templates wrote no page routes`);
  process.exit(1);
}

const entry = `
const shared = (globalThis.${GLOBAL} ??= {});
const NAMES = ${JSON.stringify(SINGLETONS)};

/** A shared module's instance: the one already loaded in the portal, else the first offered. */
async function pick(scope, name) {
  const versions = Object.values((scope && scope[name]) || {});
  const chosen = versions.find((v) => v.loaded && v.lib) || versions.find((v) => v.lib) || versions[0];
  if (!chosen) throw new Error('the portal shares no ' + name);
  if (chosen.lib) return chosen.lib();
  const factory = await chosen.get();
  return factory();
}

/** ESM namespace or CommonJS object → one object with the default's members and the named ones. */
function merged(ns) {
  const d = ns && ns.default;
  if (d && (typeof d === 'object' || typeof d === 'function') && !ns.__esModule) return Object.assign({}, d, ns);
  return ns;
}

export async function init(shareScope) {
  for (const name of NAMES) if (!shared[name]) shared[name] = merged(await pick(shareScope, name));
}

export async function get(expose) {
  if (expose !== './routes' && expose !== 'routes') throw new Error(${JSON.stringify(remoteName)} + ' exposes ./routes only, not ' + expose);
  const m = await import(${JSON.stringify(routes)});
  return () => m;
}
`;

const sharedPlugin = {
  name: 'loom-apps-shared',
  resolveId(id, importer) {
    if (id === '\0entry') return id;
    if (id in SHARED || id === 'react/jsx-runtime' || id === 'react/jsx-dev-runtime') return '\0shared:' + id;
    // other packages come from the builder's node_modules, whatever folder the module sits in
    if (importer && !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0')) {
      try {
        return require.resolve(id);
      } catch {
        return null;
      }
    }
    return null;
  },
  load(id) {
    if (id === '\0entry') return entry;
    if (!id.startsWith('\0shared:')) return null;
    const name = id.slice('\0shared:'.length);
    if (name.startsWith('react/jsx')) {
      // the automatic JSX runtime over the shared React (its createElement takes children from props)
      return `const R = globalThis.${GLOBAL}.react;
const withKey = (props, key) => (key === undefined ? props : Object.assign({}, props, { key }));
module.exports = { Fragment: R.Fragment, jsx: (t, p, k) => R.createElement(t, withKey(p, k)), jsxs: (t, p, k) => R.createElement(t, withKey(p, k)), jsxDEV: (t, p, k) => R.createElement(t, withKey(p, k)) };`;
    }
    return `module.exports = globalThis.${GLOBAL}[${JSON.stringify(SHARED[name])}];`;
  },
};

const started = Date.now();
const bundle = await rolldown({
  input: { remoteEntry: '\0entry' },
  plugins: [sharedPlugin],
  transform: { jsx: { runtime: 'automatic' } },
  platform: 'browser',
  logLevel: 'warn',
});
await bundle.write({
  dir: out,
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: 'assets/[name]-[hash].js',
  minify: true,
});
await bundle.close();
console.log(`built ${remoteName} from ${routes} in ${Date.now() - started} ms`);
