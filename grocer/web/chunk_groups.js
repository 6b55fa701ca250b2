/* grocer:chunk-groups (grocer/web/chunk_groups.py writes this into vite.config.js) */
// The files a page starts with: every module the root layout imports, directly or not, is
// built into one of two files, whatever the routes share between them (else the bundler gives
// each set of modules shared by different pages a file of its own: 15 small ones on the
// product page, each a round trip on a slow link).
const grocerWeb = fileURLToPath(new URL("./", import.meta.url));
const grocerRoot = `${grocerWeb}app/root.jsx`;
const grocerEntry = `${grocerWeb}app/entry.client.js`;
const grocerGraphs = new WeakMap();

/** The ids of the modules `id` imports statically, directly or not, itself included. */
function grocerImported(id, ctx) {
  const found = new Set();
  const todo = [id];
  while (todo.length) {
    const next = todo.pop();
    if (found.has(next)) continue;
    found.add(next);
    todo.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}

/** The modules every page starts with: what the root layout imports, and what the client
 * entry imports that a later file imports too (React DOM's `react-dom` module, which the
 * dialogs' library also imports; React DOM's client stays with the entry). */
function grocerStartModules(ctx) {
  const root = ctx.getModuleInfo(grocerRoot);
  if (!root) return new Set();
  let found = grocerGraphs.get(root); // one graph per build: its infos are reused in it
  if (found) return found;
  found = grocerImported(grocerRoot, ctx);
  const entry = grocerImported(grocerEntry, ctx);
  for (const id of entry) {
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    if (importers.some((by) => !entry.has(by) && !found.has(by))) found.add(id);
  }
  found.delete(grocerRoot);
  found.delete(grocerEntry);
  grocerGraphs.set(root, found);
  return found;
}

/** "framework" for the libraries and Reflex's runtime every page starts with, "shell" for
 * our own modules in /public every page starts with, null for the rest (the root layout
 * itself and its components, React DOM's client, and what comes later: pages, maps,
 * dialogs). */
function grocerStartChunk(id, ctx) {
  if (!grocerStartModules(ctx).has(id)) return null;
  if (id.includes("/node_modules/") || id.startsWith("\0")) return "framework";
  const inWeb = id.startsWith(grocerWeb) ? id.slice(grocerWeb.length) : null;
  if (inWeb === null) return null;
  if (inWeb.startsWith("public/")) return "shell";
  if (/^utils\/(?!components\/)|^(?:env|reflex)\.json$/.test(inWeb)) return "framework";
  return null;
}
