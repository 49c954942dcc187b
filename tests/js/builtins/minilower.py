#!/usr/bin/env python3
"""Dev-only stand-in for the real lowering, for running tests/js/builtins on
plain `duk` before build/codemode-run exists.  Handles only the subset the
tests use: async function / function* / async function* (declarations and
expressions), `await X`, `yield X`, `yield* X`, `for (var x of E) {`, and
inserts the isGenReturn guard in every catch clause.  No arrows, let,
const, templates, classes or for-await."""
import re, sys

src = sys.stdin.read()

def skip_ws(s, i):
    while i < len(s):
        if s[i] in ' \t\r\n':
            i += 1
        elif s.startswith('//', i):
            j = s.find('\n', i)
            i = len(s) if j < 0 else j
        elif s.startswith('/*', i):
            i = s.index('*/', i) + 2
        else:
            break
    return i

def skip_string(s, i):
    q = s[i]; i += 1
    while s[i] != q:
        if s[i] == '\\':
            i += 1
        i += 1
    return i + 1

def match_close(s, i):
    """s[i] is an opener; return the index after its matching closer."""
    pairs = {'(': ')', '[': ']', '{': '}'}
    stack = []
    while True:
        c = s[i]
        if c in '"\'':
            i = skip_string(s, i); continue
        if s.startswith('//', i) or s.startswith('/*', i):
            i = skip_ws(s, i); continue
        if c in pairs:
            stack.append(pairs[c])
        elif c in ')]}':
            assert stack.pop() == c, (s[i-40:i+1])
            if not stack:
                return i + 1
        i += 1

def scan_operand(s, i, assign):
    """Return the end of the operand starting at i: a unary expression
    (await) or an assignment expression (yield)."""
    i = skip_ws(s, i)
    if assign:
        depth = 0
        while i < len(s):
            c = s[i]
            if c in '"\'':
                i = skip_string(s, i); continue
            if c in '([{':
                i = match_close(s, i); continue
            if c in ')]};,':
                return i
            i += 1
        return i
    m = re.match(r'(await|new|typeof|void|!|-|\+)\s*', s[i:])
    if m and m.group(1) in ('await', 'typeof', 'void', '!', '-', '+'):
        return scan_operand(s, i + m.end(), False)
    if m and m.group(1) == 'new':
        i += m.end()
    c = s[i]
    if c in '"\'':
        i = skip_string(s, i)
    elif c in '([{':
        i = match_close(s, i)
    elif s.startswith('function', i):
        j = s.index('{', i)
        i = match_close(s, j)
    else:
        m = re.match(r'[A-Za-z0-9_$.]+', s[i:])
        i += m.end()
    while True:
        j = skip_ws(s, i)
        if j < len(s) and s[j] in '([':
            i = match_close(s, j)
        elif j < len(s) and s[j] == '.' and not s.startswith('...', j):
            m = re.match(r'\.\s*[A-Za-z0-9_$]+', s[j:])
            i = j + m.end()
        else:
            return i

def lower(s, agen=False):
    out = []
    i = 0
    fre = re.compile(r'(async\s+)?function\s*(\*)?\s*([A-Za-z_$][\w$]*)?\s*\(')
    while i < len(s):
        c = s[i]
        if c in '"\'':
            j = skip_string(s, i); out.append(s[i:j]); i = j; continue
        if s.startswith('//', i) or s.startswith('/*', i):
            j = skip_ws(s, i); out.append(s[i:j]); i = j; continue
        prev = s[i-1] if i else ' '
        if not (prev.isalnum() or prev in '_$'):
            m = fre.match(s, i)
            if m and (m.group(1) or m.group(2)):
                pstart = m.end() - 1
                pend = match_close(s, pstart)
                params = s[pstart:pend]
                bstart = skip_ws(s, pend)
                bend = match_close(s, bstart)
                body = lower(s[bstart + 1:bend - 1], bool(m.group(1) and m.group(2)))
                helper = ('__cm.asyncGen' if m.group(1) and m.group(2) else
                          '__cm.async' if m.group(1) else '__cm.gen')
                name = m.group(3) or ''
                out.append('function %s%s { return %s(function %s {%s}, this, arguments); }'
                           % (name, params, helper, params, body))
                i = bend; continue
            m = re.match(r'await\b', s[i:])
            if m:
                e = scan_operand(s, i + 5, False)
                out.append('__cm.await(%s)' % lower(s[i+5:e], agen).strip()); i = e; continue
            m = re.match(r'yield\s*\*', s[i:])
            if m:
                e = scan_operand(s, i + m.end(), True)
                out.append('%s(%s)' % ('__cm.asyncYieldStar' if agen else '__cm.yieldStar', lower(s[i+m.end():e], agen).strip())); i = e; continue
            m = re.match(r'yield\b', s[i:])
            if m:
                e = scan_operand(s, i + 5, True)
                arg = lower(s[i+5:e], agen).strip()
                out.append('__cm.yield(%s)' % arg); i = e; continue
            m = re.match(r'catch\s*\(\s*([\w$]+)\s*\)\s*\{', s[i:])
            if m:
                out.append('catch (%s) { if (__cm.isGenReturn(%s)) throw %s;' %
                           (m.group(1), m.group(1), m.group(1)))
                i += m.end(); continue
            m = re.match(r'for\s*\(\s*var\s+([\w$]+)\s+of\s+', s[i:])
            if m:
                ps = s.index('(', i)
                pe = match_close(s, ps)
                expr = lower(s[i + m.end():pe - 1], agen)
                v = m.group(1)
                bs = skip_ws(s, pe)
                assert s[bs] == '{'
                out.append('for (var %s, __it_%s = __cm.iter(%s), __r_%s; !(__r_%s = __it_%s.next()).done; ) { %s = __r_%s.value;'
                           % (v, v, expr, v, v, v, v, v))
                i = bs + 1; continue
        out.append(c); i += 1
    return ''.join(out)

sys.stdout.write(lower(src))
