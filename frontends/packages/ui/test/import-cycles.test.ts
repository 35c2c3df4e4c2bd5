// No import circle between the files of a frontend package, as the services' import rules test
// (libs/platform/src/loom_platform/testing/imports.py) holds for Python: a circle makes the order
// in which modules run matter, and a file cannot be understood or moved without its whole ring.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FRONTENDS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PACKAGES = ['packages/ui', 'shell', 'sys', 'gencode', 'workflow', 'forms'];
const RESOLVE = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
// static imports and re-exports of a relative path, type-only ones too (they tie the files as much)
const RELATIVE_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file → imported files graph of a source folder. */
export function importGraph(src: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const deps = [...text.matchAll(RELATIVE_IMPORT)]
      .map((m) => resolve(dirname(file), m[1]!))
      .map((base) => RESOLVE.map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile()))
      .filter((p): p is string => !!p);
    graph.set(file, deps);
  }
  return graph;
}

/** The import circles (strongly connected groups of two or more files, or a file importing itself). */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import circles', () => {
  it('are found: a ring of three files, a file importing itself; a chain is none', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(circles(g)).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it.each(PACKAGES)('there is none between the files of %s', (pkg) => {
    const src = join(FRONTENDS, pkg, 'src');
    const found = circles(importGraph(src)).map((group) => group.map((f) => relative(src, f)).join(' → '));
    expect(found).toEqual([]);
  });
});
