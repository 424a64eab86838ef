#!/usr/bin/env python3
"""Fill the unfinished messages of a Qt .ts file from JSON files of translations.

    tools/fill-translations.py resources/translations/rooflab_zh_CN.ts new.json [more.json ...]
    tools/fill-translations.py --todo resources/translations/rooflab_zh_CN.ts > todo.json

Each JSON file maps an English source text to its translation: {"Add point": "添加点"}; a key
"Context|source" applies to one context only. Later files win. --todo writes the unfinished
sources as such a file with empty values, ready to be filled in. Only unfinished messages are
touched and lupdate's layout is kept; run tools/update-translations.sh afterwards to check.
"""
import html
import json
import re
import sys


def esc(s):
    return (s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
             .replace('"', '&quot;').replace("'", '&apos;'))


CONTEXT = re.compile(r'<context>\s*<name>(.*?)</name>(.*?)</context>', re.S)
MESSAGE = re.compile(r'(<message( numerus="yes")?>)(.*?)(</message>)', re.S)
UNFINISHED = re.compile(r'<translation type="unfinished">.*?</translation>|<translation type="unfinished"/>', re.S)


def unfinished(text):
    for c in CONTEXT.finditer(text):
        for m in MESSAGE.finditer(c.group(2)):
            if UNFINISHED.search(m.group(3)):
                yield html.unescape(c.group(1)), html.unescape(re.search(r'<source>(.*?)</source>', m.group(3), re.S).group(1))


def main(argv):
    if len(argv) == 3 and argv[1] == '--todo':
        todo = {}
        for _, source in unfinished(open(argv[2], encoding='utf-8').read()):
            todo.setdefault(source, '')
        json.dump(todo, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    ts = argv[1]
    table = {}
    for f in argv[2:]:
        table.update(json.load(open(f, encoding='utf-8')))
    text = open(ts, encoding='utf-8').read()
    counts = {'filled': 0, 'left': 0}

    def context(c):
        name = html.unescape(c.group(1))

        def message(m):
            inner = m.group(3)
            old = UNFINISHED.search(inner)
            if not old:
                return m.group(0)
            source = html.unescape(re.search(r'<source>(.*?)</source>', inner, re.S).group(1))
            t = table.get(name + '|' + source, table.get(source))
            if not t:
                counts['left'] += 1
                return m.group(0)
            counts['filled'] += 1
            if m.group(2):  # numerus: Chinese has one form
                new = '<translation>\n            <numerusform>%s</numerusform>\n        </translation>' % esc(t)
            else:
                new = '<translation>%s</translation>' % esc(t)
            return m.group(1) + inner.replace(old.group(0), new) + m.group(4)

        return c.group(0).replace(c.group(2), MESSAGE.sub(message, c.group(2)))

    open(ts, 'w', encoding='utf-8').write(CONTEXT.sub(context, text))
    print(f"fill-translations: {counts['filled']} filled, {counts['left']} still unfinished", file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
