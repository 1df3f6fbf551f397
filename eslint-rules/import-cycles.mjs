/**
 * `local/no-import-cycle`: no import cycle among the project's TypeScript files, type-only imports included
 * (import-x/no-cycle skips `import type`, so two modules that import each other's types pass it). A type two
 * modules share goes in a module of its own.
 *
 * The import graph is read once per lint run (re-read after GRAPH_TTL_MS, for editors): every file of
 * tsconfig.json, each `import`, `export … from` and `import()` resolved as TypeScript resolves it (the `@/`
 * paths included). Each import that closes a cycle is reported, with the way back.
 */
import path from "node:path";
import ts from "typescript";

const GRAPH_TTL_MS = 10_000;

/** The project's files, what each imports (project files only), and its strongly connected component. */
function readGraph(cwd) {
  const configPath = ts.findConfigFile(cwd, ts.sys.fileExists, "tsconfig.json");
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined };
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, host);
  const files = new Set(config.fileNames.filter((f) => !f.includes("/node_modules/")).map((f) => path.resolve(f)));
  const cache = ts.createModuleResolutionCache(cwd, (f) => f, config.options);
  const resolve = (specifier, from) => {
    const resolved = ts.resolveModuleName(specifier, from, config.options, ts.sys, cache).resolvedModule;
    const file = resolved && path.resolve(resolved.resolvedFileName);
    return file && files.has(file) ? file : null;
  };
  const edges = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
    edges.set(file, [...new Set(importedFiles.map((i) => resolve(i.fileName, file)).filter(Boolean))]);
  }
  return { edges, resolve, component: components(edges) };
}

/** Tarjan's strongly connected components: file → its component's id, for files in a cycle only. */
function components(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1 || edges.get(v).includes(v)) for (const m of members) component.set(m, v);
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return component;
}

/** The shortest way from `from` back to `to` inside their component. */
function wayBack(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of graph.edges.get(v)) {
      if (previous.has(w) || graph.component.get(w) !== graph.component.get(to)) continue;
      previous.set(w, v);
      queue.push(w);
    }
  }
  const way = [];
  for (let v = to; v !== null && v !== undefined; v = previous.get(v)) way.unshift(v);
  return way;
}

let cached = null;
function graphOf(cwd) {
  if (!cached || cached.cwd !== cwd || Date.now() - cached.at > GRAPH_TTL_MS)
    cached = { cwd, at: Date.now(), graph: readGraph(cwd) };
  return cached.graph;
}

const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles between the project's modules, type-only imports included" },
    schema: [],
    messages: { cycle: "Import cycle (type-only imports count): {{way}}" },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename ?? context.filename);
    const graph = graphOf(context.cwd);
    if (!graph.component.has(file)) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const target = graph.resolve(node.source.value, file);
      if (!target || graph.component.get(target) !== graph.component.get(file)) return;
      const way = [file, ...wayBack(graph, target, file)].map((f) => path.relative(context.cwd, f));
      context.report({ node, messageId: "cycle", data: { way: way.join(" → ") } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const localRules = { rules: { "no-import-cycle": noImportCycle } };
