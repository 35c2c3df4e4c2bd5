/** Helpers for trees of nodes with `children`. */
export interface TreeLike {
  children?: TreeLike[] | null;
}

export function walkTree<T extends TreeLike>(nodes: readonly T[] | undefined | null, fn: (node: T, parents: T[]) => void, parents: T[] = []): void {
  for (const n of nodes ?? []) {
    fn(n, parents);
    walkTree((n.children ?? []) as T[], fn, [...parents, n]);
  }
}

export function findInTree<T extends TreeLike>(nodes: readonly T[] | undefined | null, pred: (node: T) => boolean): T | undefined {
  let found: T | undefined;
  walkTree(nodes, (n) => {
    if (!found && pred(n)) found = n;
  });
  return found;
}

/** The path of ancestors (inclusive) to the first node matching `pred`. */
export function pathInTree<T extends TreeLike>(nodes: readonly T[] | undefined | null, pred: (node: T) => boolean): T[] {
  let path: T[] = [];
  walkTree(nodes, (n, parents) => {
    if (path.length === 0 && pred(n)) path = [...parents, n];
  });
  return path;
}

/** Keeps the nodes that match (with their whole subtree) and the ancestors of matching nodes. */
export function filterTree<T extends TreeLike>(nodes: readonly T[], keep: (node: T) => boolean): T[] {
  const out: T[] = [];
  for (const n of nodes) {
    if (keep(n)) {
      out.push(n);
      continue;
    }
    const kids = filterTree((n.children ?? []) as T[], keep);
    if (kids.length > 0) out.push({ ...n, children: kids });
  }
  return out;
}
