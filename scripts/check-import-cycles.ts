// No import cycles in src (docs/decisions/060), run by `npm run lint`. Type-only imports count:
// a module and what it imports sit on floors, and a cycle is two floors each under the other,
// whether the compiler erases the import or not. ESLint's cycle rules (eslint-plugin-import-x's
// and eslint-plugin-import's `no-cycle`) skip `import type` by design, so this small script reads
// every import and re-export with TypeScript itself, resolving them as the compiler does
// (`#domain/*` through package.json "imports"), and reports each cycle (a strongly connected
// group of modules) with one path around it. Exits 1 when there is any.

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

const config = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), (file) => ts.sys.readFile(file));
const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
const host = ts.createModuleResolutionCache(root, (name) => name, options);

/** Every module of src a file imports or re-exports from (static, type-only and dynamic imports alike). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const targets = new Set<string>();
  for (const { fileName } of info.importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys, host).resolvedModule;
    const target = resolved?.resolvedFileName;
    if (target && !resolved.isExternalLibraryImport && target.startsWith(src + path.sep) && !target.endsWith('.d.ts'))
      targets.add(path.resolve(target));
  }
  return [...targets];
}

const files = sourceFiles(src).map((file) => path.resolve(file));
const graph = new Map(files.map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components, iteratively (the graph is a few thousand modules deep at most).
const index = new Map<string, number>();
const low = new Map<string, number>();
const onStack = new Set<string>();
const stack: string[] = [];
const groups: string[][] = [];
let counter = 0;
for (const start of files) {
  if (index.has(start)) continue;
  const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1] as { node: string; next: number };
    const edges = graph.get(frame.node) ?? [];
    if (frame.next < edges.length) {
      const to = edges[frame.next++] as string;
      if (!index.has(to)) {
        index.set(to, counter);
        low.set(to, counter++);
        stack.push(to);
        onStack.add(to);
        work.push({ node: to, next: 0 });
      } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
      continue;
    }
    work.pop();
    const parent = work[work.length - 1];
    if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
    if (low.get(frame.node) === index.get(frame.node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      const selfImport = group.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
      if (group.length > 1 || selfImport) groups.push(group);
    }
  }
}

/** One path around a group, from its first module back to it, for the message. */
function loopThrough(group: string[]): string[] {
  const members = new Set(group);
  const first = [...group].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [first];
  const seen = new Set([first]);
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === first) {
        const loop = [node];
        while (loop[0] !== first) loop.unshift(previous.get(loop[0] as string) as string);
        return [...loop, first];
      }
      if (!seen.has(to)) {
        seen.add(to);
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [first];
}

const shown = (file: string) => path.relative(root, file);
if (groups.length === 0) {
  console.log(`import cycles: none in ${files.length} modules of src`);
} else {
  for (const group of groups) {
    console.error(`import cycle of ${group.length} modules: ${loopThrough(group).map(shown).join(' -> ')}`);
    if (group.length > 2) console.error(`  all of them: ${group.map(shown).sort().join(', ')}`);
  }
  console.error(`import cycles: ${groups.length} (type-only imports count; move the shared piece down a floor)`);
  process.exit(1);
}
