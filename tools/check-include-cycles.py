#!/usr/bin/env python3
"""Include cycles in the GUI's sources (app/gui by default).

Builds two graphs from the quoted #include lines of every .h/.cpp under the root:
  * by file unit: foo.h and foo.cpp are one node "dir/foo" (a header and its implementation
    are one piece of code), an edge for each include of another unit's header;
  * by folder: an edge from a file's folder to the folder of each header it includes.
It prints every cycle it finds (strongly connected components of more than one node) and
exits 1 if there is any, 0 if none. A folder's files including each other is no cycle; an
include that resolves to no file under the root (Qt, model/, kernels/) is outside the graph.
It also lists files at the root other than the ones allowed there (main.cpp, CMakeLists.txt)
and quoted includes of a file in another folder that do not name the folder.

    tools/check-include-cycles.py [ROOT]
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
TOP_ALLOWED = {"main.cpp", "CMakeLists.txt"}


def sources(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith((".h", ".cpp")):
                yield os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")


def resolve(root, including, target):
    """The file (relative to root) a quoted include names: the includer's folder first, then root."""
    here = os.path.dirname(including)
    for base in (here, ""):
        cand = os.path.normpath(os.path.join(base, target)).replace(os.sep, "/")
        if os.path.isfile(os.path.join(root, cand)):
            return cand, base == here and here != "" and "/" not in target
    return None, False


def unit(path):
    return os.path.splitext(path)[0]


def folder(path):
    d = os.path.dirname(path)
    return d if d else "."


def strongly_connected(graph):
    """Tarjan's algorithm, iterative; returns the components with more than one node."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    n = stack.pop()
                    on_stack.discard(n)
                    comp.append(n)
                    if n == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def one_cycle(graph, comp):
    """A shortest closed path through the component's first node, for the message."""
    members = set(comp)
    start = comp[0]
    prev, frontier = {start: None}, [start]
    while frontier:
        nxt_frontier = []
        for n in frontier:
            for m in sorted(graph.get(n, ())):
                if m == start:
                    path = [n]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if m in members and m not in prev:
                    prev[m] = n
                    nxt_frontier.append(m)
        frontier = nxt_frontier
    return comp


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "app", "gui")
    root = os.path.abspath(root)
    by_unit, by_folder, why = {}, {}, {}
    unnamed = []
    for path in sources(root):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        u, d = unit(path), folder(path)
        by_unit.setdefault(u, set())
        by_folder.setdefault(d, set())
        for target in INCLUDE.findall(text):
            dep, bare_sibling = resolve(root, path, target)
            if dep is None:
                continue
            if bare_sibling:
                unnamed.append(f"{path}: #include \"{target}\" (write \"{folder(dep)}/{target}\")")
            if unit(dep) != u:
                by_unit[u].add(unit(dep))
            if folder(dep) != d:
                by_folder[d].add(folder(dep))
                why.setdefault((d, folder(dep)), f"{path} includes {dep}")

    failed = False
    for comp in strongly_connected(by_folder):
        failed = True
        cycle = one_cycle(by_folder, comp)
        print(f"folder cycle among {', '.join(comp)}, e.g. " + " -> ".join(cycle))
        for a, b in zip(cycle, cycle[1:]):
            print(f"    {why[(a, b)]}")
    for comp in strongly_connected(by_unit):
        failed = True
        print(f"file cycle among {', '.join(comp)}, e.g. " + " -> ".join(one_cycle(by_unit, comp)))
    stray = sorted(p for p in os.listdir(root)
                   if os.path.isfile(os.path.join(root, p)) and p not in TOP_ALLOWED)
    for p in stray:
        failed = True
        print(f"file at the top of {os.path.basename(root)}/ (belongs in a folder): {p}")
    for line in unnamed:
        failed = True
        print("include without its folder: " + line)
    if not failed:
        print(f"check-include-cycles: {len(by_unit)} units in {len(by_folder)} folders, no cycle")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
