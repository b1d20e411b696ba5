/** Import circles: the strongly connected groups of the import graph (Tarjan's algorithm). */
import type { SourceFile } from './report';

/** Each group of two or more files that import each other (directly or around), sorted. */
export function circlesOf(sources: readonly SourceFile[]): string[][] {
  const graph = new Map(sources.map((s) => [s.file, s.imports]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  // Iterative, so a deep chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        if (group.length > 1) out.push(group.sort());
      }
    }
  }
  return out.sort((a, b) => b.length - a.length);
}
