// Prints the server's module graph: the distinct arrows between modules (a folder under apps/server/src/modules/,
// plus data/ and platform/ as modules of their own) and the module-level cycles (strongly connected components).
// Usage: node scripts/module-graph.mjs [--list]
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const SERVER = 'apps/server/src/';

function moduleOf(path) {
  if (!path.startsWith(SERVER)) return undefined;
  const rest = path.slice(SERVER.length).split('/');
  if (rest[0] === 'modules' && rest.length > 2) return rest[1];
  if (rest[0] === 'data' || rest[0] === 'platform') return rest[0];
  return undefined;
}

const result = await cruise([SERVER], { ...config.options, ruleSet: { forbidden: config.forbidden } });
const arrows = new Map();
for (const m of result.output.modules) {
  const from = moduleOf(m.source);
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = moduleOf(d.resolved);
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    arrows.set(key, (arrows.get(key) ?? 0) + 1);
  }
}

const graph = new Map();
for (const key of arrows.keys()) {
  const [from, to] = key.split(' -> ');
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from).add(to);
}
// Tarjan's strongly connected components: every component of two or more modules is a cycle.
let index = 0;
const stack = [];
const info = new Map();
const cycles = [];
function connect(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v)) {
    if (!info.has(w)) {
      connect(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const v of graph.keys()) if (!info.has(v)) connect(v);

const pairs = [...arrows.keys()].filter((key) => {
  const [from, to] = key.split(' -> ');
  return from < to && arrows.has(`${to} -> ${from}`);
});
const modules = new Set([...graph.keys()]);
let repositoryImports = 0;
for (const m of result.output.modules) {
  const from = moduleOf(m.source);
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = moduleOf(d.resolved);
    if (to && to !== from && /\.repository\.ts$/.test(d.resolved)) repositoryImports++;
  }
}

console.log(`modules: ${modules.size}`);
console.log(`arrows between modules: ${arrows.size}`);
console.log(`pairs importing each other: ${pairs.length}${pairs.length ? ` (${pairs.join(', ')})` : ''}`);
console.log(`cross-module repository imports: ${repositoryImports}`);
console.log(`module cycles: ${cycles.length}`);
for (const c of cycles) console.log(`  ${c.length} modules: ${c.join(', ')}`);
if (process.argv.includes('--list')) for (const [key, n] of [...arrows].sort()) console.log(`  ${key} (${n})`);
