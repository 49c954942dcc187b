import { separateImports } from './protocol.js'

// The codemode dialect's cleanup of raw model output into the entry form,
// without a JavaScript parser: a small tokenizer finds the top-level
// statements (automatic semicolon insertion included), and the same
// decisions the dialect takes on its syntax tree are taken on them.

const KEYWORDS_BEFORE_EXPRESSION = new Set([
  'return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw',
  'case', 'do', 'else', 'await', 'yield', 'extends',
])

// Keywords after which a line break does not end the statement.
const CONTINUING_KEYWORDS = new Set([
  'new', 'typeof', 'void', 'delete', 'await', 'in', 'instanceof', 'of', 'extends',
  'else', 'do', 'case',
])

const RESTRICTED = new Set(['return', 'throw', 'break', 'continue', 'yield'])

// Punctuators that cannot end an expression: a line break after one continues.
const CLOSERS = new Set([')', ']', '}', '++', '--'])

// Punctuators that, leading the next line, continue the statement before it.
const CONTINUES_FROM_NEXT_LINE = new Set([
  '.', '?.', ',', '=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '&=', '|=', '^=',
  '&&=', '||=', '??=', '?', ':', '+', '-', '*', '/', '%', '**', '&', '|', '^', '&&', '||', '??',
  '<', '>', '<=', '>=', '==', '!=', '===', '!==', '<<', '>>', '>>>', '(', '[', '=>', ')', ']', '}',
])

const PUNCTUATORS = [
  '>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=',
  '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=',
  '&=', '|=', '^=', '**', '<<', '>>',
  '{', '}', '(', ')', '[', ']', ';', ',', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '!',
  '~', '?', ':', '=', '.', '@', '#',
]

const ID_START = /[A-Za-z_$\u0080-\uffff\\]/
const ID_PART = /[A-Za-z0-9_$\u0080-\uffff\\\u200c\u200d]/

function regexAllowed(prev) {
  if (!prev) return true
  if (prev.type === 'name') return KEYWORDS_BEFORE_EXPRESSION.has(prev.value)
  if (prev.type === 'punct') return !(prev.value === ')' || prev.value === ']' || prev.value === '}')
  return false
}

/** Tokens of `s`, each {type, value, start, end, nl} (nl: a line break precedes it); null when it cannot be read. */
export function tokenize(s) {
  const out = []
  const braces = [] // '{' for a brace, '`' for a template substitution
  let i = 0
  let nl = false
  const push = (type, value, start) => {
    out.push({ type, value, start, end: i, nl })
    nl = false
  }
  const scanTemplate = (start) => {
    // i is just past ` or the } that closes a substitution
    while (i < s.length) {
      const c = s[i]
      if (c === '\\') i += 2
      else if (c === '`') {
        i++
        push('template', s.slice(start, i), start)
        return true
      } else if (c === '$' && s[i + 1] === '{') {
        i += 2
        braces.push('`')
        push('template', s.slice(start, i), start)
        return true
      } else i++
    }
    return false
  }
  while (i < s.length) {
    const c = s[i]
    if (c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029') {
      nl = true
      i++
      continue
    }
    if (c === ' ' || c === '\t' || c === '\v' || c === '\f' || c === '\ufeff' || c === '\u00a0') {
      i++
      continue
    }
    if (c === '/' && s[i + 1] === '/') {
      while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++
      continue
    }
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2)
      if (end < 0) return null
      if (/[\n\r\u2028\u2029]/.test(s.slice(i, end))) nl = true
      i = end + 2
      continue
    }
    const start = i
    if (c === '"' || c === "'") {
      i++
      while (i < s.length && s[i] !== c) {
        if (s[i] === '\\') i++
        else if (s[i] === '\n') return null
        i++
      }
      if (i >= s.length) return null
      i++
      push('string', s.slice(start, i), start)
      continue
    }
    if (c === '`') {
      i++
      if (!scanTemplate(start)) return null
      continue
    }
    if (c === '}' && braces.length > 0 && braces[braces.length - 1] === '`') {
      braces.pop()
      i++
      if (!scanTemplate(start)) return null
      continue
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(s[i + 1] ?? ''))) {
      i++
      while (i < s.length && /[0-9A-Za-z_.]/.test(s[i])) {
        if ((s[i] === 'e' || s[i] === 'E') && (s[i + 1] === '+' || s[i + 1] === '-')) i++
        i++
      }
      push('number', s.slice(start, i), start)
      continue
    }
    if (ID_START.test(c)) {
      i++
      while (i < s.length && ID_PART.test(s[i])) i++
      push('name', s.slice(start, i), start)
      continue
    }
    if (c === '/' && regexAllowed(out[out.length - 1])) {
      i++
      let inClass = false
      while (i < s.length) {
        const d = s[i]
        if (d === '\\') i++
        else if (d === '\n') return null
        else if (d === '[') inClass = true
        else if (d === ']') inClass = false
        else if (d === '/' && !inClass) break
        i++
      }
      if (i >= s.length) return null
      i++
      while (i < s.length && ID_PART.test(s[i])) i++
      push('regex', s.slice(start, i), start)
      continue
    }
    const p = PUNCTUATORS.find((q) => s.startsWith(q, i))
    if (!p) return null
    // ?. followed by a digit is ? then a number
    if (p === '?.' && /[0-9]/.test(s[i + 2] ?? '')) {
      i++
      push('punct', '?', start)
      continue
    }
    i += p.length
    if (p === '{') braces.push('{')
    else if (p === '}') {
      if (braces.length === 0) return null
      braces.pop()
    }
    push('punct', p, start)
  }
  if (braces.length > 0) return null
  return out
}

const BLOCK_KINDS = new Set(['if', 'for', 'while', 'with', 'function', 'class', 'try', 'switch', 'block', 'do', 'label'])
const HEADER_KINDS = new Set(['if', 'for', 'while', 'with'])

function statementKind(tokens, k) {
  const t = tokens[k]
  const next = tokens[k + 1]
  if (t.type === 'punct' && t.value === '{') return 'block'
  if (t.type === 'punct' && t.value === ';') return 'empty'
  if (t.type !== 'name') return 'expression'
  switch (t.value) {
    case 'var': case 'const': return 'declaration'
    case 'let':
      return next && (next.type === 'name' || next.value === '[' || next.value === '{') ? 'declaration' : 'expression'
    case 'function': return 'function'
    case 'async':
      return next && next.type === 'name' && next.value === 'function' && !next.nl ? 'function' : 'expression'
    case 'class': case 'if': case 'for': case 'while': case 'with': case 'try': case 'switch': case 'do':
      return t.value
    case 'return': case 'throw': case 'break': case 'continue': case 'debugger':
      return 'jump'
    case 'import':
      return next && next.type === 'punct' && (next.value === '(' || next.value === '.') ? 'expression' : 'import'
    case 'export': return 'export'
    default:
      return next && next.type === 'punct' && next.value === ':' ? 'label' : 'expression'
  }
}

/** Top-level statements of a token list: [{from, to, kind}] (token indexes, `to` exclusive). */
export function splitStatements(tokens) {
  const out = []
  let k = 0
  while (k < tokens.length) {
    const from = k
    const kind = statementKind(tokens, k)
    let depth = 0
    let needBody = kind === 'do' || kind === 'label'
    let headerOpen = HEADER_KINDS.has(kind)
    let sawBlock = false
    let doWhile = false
    k++
    if (kind === 'empty') {
      out.push({ from, to: k, kind })
      continue
    }
    if (kind === 'block') {
      depth = 1
      sawBlock = true
    }
    const isOpen = (t) => t.type === 'punct' && (t.value === '(' || t.value === '[' || t.value === '{')
    const isClose = (t) => t.type === 'punct' && (t.value === ')' || t.value === ']' || t.value === '}')
    if (depth === 0 && headerOpen) needBody = true
    if (isOpen(tokens[from]) && kind !== 'block') depth = 1
    let end = null
    for (; k < tokens.length; k++) {
      const t = tokens[k]
      const prev = tokens[k - 1]
      if (depth === 0) {
        if (t.nl && !needBody) {
          const prevContinues =
            (prev.type === 'punct' && !CLOSERS.has(prev.value)) ||
            (prev.type === 'name' && CONTINUING_KEYWORDS.has(prev.value))
          const restricted = prev.type === 'name' && RESTRICTED.has(prev.value) && k - 1 === from
          const nextContinues =
            (t.type === 'punct' && CONTINUES_FROM_NEXT_LINE.has(t.value)) ||
            t.type === 'template' ||
            (t.type === 'name' && (t.value === 'instanceof' || t.value === 'in' || t.value === 'of' ||
              (t.value === 'else' && (kind === 'if')) || (t.value === 'catch' || t.value === 'finally') && kind === 'try'))
          if (restricted || (!prevContinues && !nextContinues)) {
            end = k
            break
          }
        }
        if (sawBlock && BLOCK_KINDS.has(kind) && prev.type === 'punct' && prev.value === '}') {
          const cont = (t.type === 'name' && ((t.value === 'else' && kind === 'if') ||
            ((t.value === 'catch' || t.value === 'finally') && kind === 'try') ||
            (t.value === 'while' && kind === 'do')))
          if (!cont) {
            end = k
            break
          }
          sawBlock = false
        }
      }
      if (isOpen(t)) {
        if (depth === 0 && t.value === '{' && !needBody && (kind === 'function' || kind === 'class' ||
          kind === 'try' || kind === 'switch')) sawBlock = true
        if (depth === 0 && t.value === '{' && needBody) sawBlock = true
        if (depth === 0 && t.value === '{' && kind === 'if' && !headerOpen) sawBlock = true
        depth++
        needBody = false
        continue
      }
      if (isClose(t)) {
        depth--
        if (depth < 0) return null
        if (depth === 0 && headerOpen && t.value === ')') {
          headerOpen = false
          needBody = !doWhile
        }
        continue
      }
      if (depth === 0) {
        if (t.type === 'punct' && t.value === ';') {
          const after = tokens[k + 1]
          const elseFollows = after && after.type === 'name' &&
            ((after.value === 'else' && kind === 'if') || (after.value === 'while' && kind === 'do'))
          if (!needBody && !elseFollows) {
            end = k + 1
            break
          }
          needBody = false
          continue
        }
        if (t.type === 'name' && (t.value === 'else' || t.value === 'do')) {
          needBody = true
          continue
        }
        if (t.type === 'name' && t.value === 'while' && kind === 'do') {
          headerOpen = true
          doWhile = true
          continue
        }
        if (t.type === 'name' && (t.value === 'if' || t.value === 'for' || t.value === 'while' || t.value === 'with') && needBody) {
          headerOpen = true
          needBody = true
          continue
        }
        needBody = false
      }
    }
    if (end === null) end = tokens.length
    if (depth > 0 && end === tokens.length) return null
    out.push({ from, to: end, kind })
    k = end
  }
  return out
}

function stripCodeFences(code) {
  const m = code.match(/^```(?:js|javascript|typescript|ts|tsx|jsx)?\s*\n([\s\S]*?)```\s*$/)
  return m ? m[1] : code
}

// Whether tokens[from, to) are one arrow function expression.
function isArrow(tokens, from, to) {
  let k = from
  if (tokens[k]?.type === 'name' && tokens[k].value === 'async' && tokens[k + 1] && !tokens[k + 1].nl &&
      (tokens[k + 1].type === 'name' || tokens[k + 1].value === '(')) k++
  const head = tokens[k]
  if (!head) return false
  if (head.type === 'name') return tokens[k + 1]?.type === 'punct' && tokens[k + 1].value === '=>' && k + 1 < to
  if (head.type !== 'punct' || head.value !== '(') return false
  let depth = 0
  for (; k < to; k++) {
    const t = tokens[k]
    if (t.type !== 'punct') continue
    if (t.value === '(' || t.value === '[' || t.value === '{') depth++
    else if (t.value === ')' || t.value === ']' || t.value === '}') {
      depth--
      if (depth === 0) return tokens[k + 1]?.type === 'punct' && tokens[k + 1].value === '=>' && !tokens[k + 1].nl
    }
  }
  return false
}

function matchingClose(tokens, k) {
  let depth = 0
  for (let j = k; j < tokens.length; j++) {
    const v = tokens[j].type === 'punct' ? tokens[j].value : ''
    if (v === '(' || v === '[' || v === '{') depth++
    else if (v === ')' || v === ']' || v === '}') {
      depth--
      if (depth === 0) return j
    }
  }
  return -1
}

// End offset of a statement without its terminating semicolon.
function expressionEnd(tokens, stmt) {
  let last = stmt.to - 1
  if (tokens[last].type === 'punct' && tokens[last].value === ';' && last > stmt.from) last--
  return tokens[last].end
}

function wrapBody(source) {
  return `async () => {\n${source}\n}`
}

/**
 * Turns whatever a model emitted into the entry form, as the codemode
 * dialect does. A leading import block (which the dialect would bury inside
 * a function body) is lifted first with separateImports and kept above the
 * cleaned-up body, so a model may import module-map entries.
 */
export function normalizeCode(code) {
  const trimmed = stripCodeFences(String(code ?? '').trim())
  if (!trimmed.trim()) return 'async () => {}'
  const { imports, body } = separateImports(trimmed.trim())
  if (imports) return `${imports}\n${normalizeBody(body)}`
  return normalizeBody(trimmed)
}

function normalizeBody(text) {
  if (!text.trim()) return 'async () => {}'
  const source = text.trim()
  const tokens = tokenize(source)
  const stmts = tokens && splitStatements(tokens)
  if (!stmts || stmts.length === 0) return wrapBody(source)
  if (stmts.length === 1) {
    const s = stmts[0]
    if (s.kind === 'expression' && isArrow(tokens, s.from, s.to)) return source
    if (s.kind === 'export' && tokens[s.from + 1]?.value === 'default') {
      const first = tokens[s.from + 2]
      if (!first) return wrapBody(source)
      const inner = source.slice(first.start, expressionEnd(tokens, s))
      const isAsyncFn = first.value === 'async' && tokens[s.from + 3]?.value === 'function'
      if (first.value === 'function' || isAsyncFn) {
        let k = s.from + 3 + (isAsyncFn ? 1 : 0)
        if (tokens[k - 1]?.value !== 'function') k = s.from + 3
        if (tokens[k]?.value === '*') k++
        if (tokens[k]?.type === 'punct' && tokens[k].value === '(') return `async () => {\nreturn (${inner})();\n}`
      }
      if (first.value === 'class' && (tokens[s.from + 3]?.value === '{' || tokens[s.from + 3]?.value === 'extends'))
        return `async () => {\nreturn (${inner});\n}`
      return normalizeBody(inner)
    }
    if (s.kind === 'function') {
      let k = s.from + (tokens[s.from].value === 'async' ? 2 : 1)
      if (tokens[k]?.value === '*') k++
      const name = tokens[k]?.type === 'name' ? tokens[k].value : 'fn'
      return `async () => {\n${source}\nreturn ${name}();\n}`
    }
  }
  const last = stmts[stmts.length - 1]
  if (last.kind === 'expression') {
    const first = tokens[last.from]
    let [from, to] = [last.from, last.to]
    if (tokens[to - 1].value === ';' && to - 1 > from) to--
    // A parenthesized expression is the expression inside the parentheses.
    while (tokens[from].value === '(' && matchingClose(tokens, from) === to - 1) {
      from++
      to--
    }
    return `async () => {\n${source.slice(0, first.start)}return (${source.slice(tokens[from].start, tokens[to - 1].end)})\n}`
  }
  return wrapBody(source)
}
