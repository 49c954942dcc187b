/*
 * Scope analysis for the lowering: declares every binding, resolves every
 * identifier reference, and from that decides
 *  - which block-scoped bindings need a new name once they become `var`s
 *    (a same-named binding or outer reference in the same function),
 *  - which ones live in a per-iteration environment object (declared in a
 *    loop and captured by a closure: `for (let i...) fns.push(() => i)`),
 *  - which functions must capture such environments by value (an IIFE
 *    around the closure), and
 *  - which functions need `this`/`arguments`/`new.target` saved for arrows.
 * Everything is allocated in the tree's arena.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_int.h"

enum { H_SCOPE, H_BIND, H_COUNT, H_PASS };

struct hent {
	const void *k;
	const char *name;
	size_t len;
	int tag;
	void *val;
};

struct ref {
	const char *name;
	size_t len;
	struct lw_scope *scope;
	struct lw_binding *b;
	unsigned write : 1;
};

struct an {
	struct lw_ctx *c;
	struct lw_scope *sc;
	int loop; /* inside a loop body of the current function */
	struct ref *refs;
	size_t nrefs, caprefs;
	struct lw_binding **binds;
	size_t nbinds, capbinds;
	struct lw_scope **scopes;
	size_t nscopes, capscopes;
	int oom;
	struct lw_scope **evals; /* scopes holding a direct eval call */
	size_t nevals, capevals;
};

static uint64_t
hhash(const void *k, const char *name, size_t len, int tag)
{
	uint64_t h = 1469598103934665603ULL ^ (uint64_t)(uintptr_t)k;
	size_t i;

	h *= 1099511628211ULL;
	h ^= (uint64_t)tag;
	for (i = 0; i < len; i++) {
		h ^= (unsigned char)name[i];
		h *= 1099511628211ULL;
	}
	return h ^ (h >> 29);
}

static struct hent *
hfind(struct lw_ctx *c, const void *k, const char *name, size_t len, int tag,
    int create)
{
	struct hent *e;
	size_t i, mask;

	if (c->hcap == 0 || (create && (c->hlen + 1) * 2 > c->hcap)) {
		size_t ncap = c->hcap ? c->hcap * 2 : 64, j;
		void **nt;

		if (!create && c->hcap == 0)
			return NULL;
		if ((nt = calloc(ncap, sizeof(void *))) == NULL)
			return NULL;
		for (j = 0; j < c->hcap; j++) {
			struct hent *o = c->htab[j];
			size_t m = ncap - 1, p;

			if (o == NULL)
				continue;
			p = hhash(o->k, o->name, o->len, o->tag) & m;
			while (nt[p] != NULL)
				p = (p + 1) & m;
			nt[p] = o;
		}
		free(c->htab);
		c->htab = nt;
		c->hcap = ncap;
	}
	mask = c->hcap - 1;
	i = hhash(k, name, len, tag) & mask;
	while ((e = c->htab[i]) != NULL) {
		if (e->k == k && e->tag == tag && e->len == len &&
		    (len == 0 || memcmp(e->name, name, len) == 0))
			return e;
		i = (i + 1) & mask;
	}
	if (!create)
		return NULL;
	if ((e = ast_alloc(c->arena, sizeof(*e))) == NULL)
		return NULL;
	e->k = k;
	e->name = name;
	e->len = len;
	e->tag = tag;
	c->htab[i] = e;
	c->hlen++;
	return e;
}

const char *
lw_cstr(struct lw_ctx *c, const char *s, size_t n)
{
	struct ast_str d = ast_str_dup(c->arena, s, n);

	return d.s ? d.s : "";
}

const char *
lw_fresh(struct lw_ctx *c, const char *prefix, size_t plen)
{
	char tmp[160];
	int n;

	if (plen > 100) {
		/* Cut at a character's start: half a UTF-8 sequence is a
		 * name Duktape cannot decode. */
		plen = 100;
		while (plen > 0 && ((unsigned char)prefix[plen] & 0xc0) == 0x80)
			plen--;
	}
	n = snprintf(
	    tmp, sizeof(tmp), "%.*s$%u", (int)plen, prefix, ++c->counter);
	return lw_cstr(c, tmp, (size_t)n);
}

int
lw_str_eq(struct ast_str s, const char *z)
{
	size_t n = strlen(z);

	return s.len == n && memcmp(s.s, z, n) == 0;
}

struct lw_scope *
lw_scope_of(struct lw_ctx *c, struct ast_node *n)
{
	struct hent *e = hfind(c, n, NULL, 0, H_SCOPE, 0);

	return e ? e->val : NULL;
}

struct lw_binding *
lw_resolve(struct lw_ctx *c, struct lw_scope *s, const char *name, size_t len)
{
	struct hent *e;

	for (; s != NULL; s = s->parent)
		if ((e = hfind(c, s, name, len, H_BIND, 0)) != NULL)
			return e->val;
	return NULL;
}

struct lw_scope *
lw_this_scope(struct lw_scope *s)
{
	s = s->fn;
	while ((s->kind == LW_S_ARROW || s->kind == LW_S_CLASS) &&
	    s->parent != NULL)
		s = s->parent->fn;
	return s;
}

static int
is_boundary(enum lw_skind k)
{
	return k == LW_S_PROGRAM || k == LW_S_FUNCTION || k == LW_S_ARROW ||
	    k == LW_S_INIT || k == LW_S_CLASS;
}

static int
push_ptr(struct an *a, void ***arr, size_t *n, size_t *cap, void *p)
{
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 64;
		void **na = realloc(*arr, nc * sizeof(void *));

		if (na == NULL) {
			a->oom = 1;
			return -1;
		}
		*arr = na;
		*cap = nc;
	}
	(*arr)[(*n)++] = p;
	return 0;
}

static struct lw_scope *
new_scope(struct an *a, enum lw_skind kind, struct ast_node *node)
{
	struct lw_scope *s = ast_alloc(a->c->arena, sizeof(*s));
	struct hent *e;

	if (s == NULL) {
		a->oom = 1;
		return a->sc;
	}
	s->kind = kind;
	s->parent = a->sc;
	s->node = node;
	s->fn = is_boundary(kind) ? s : a->sc->fn;
	s->strict = a->sc ? a->sc->strict : 0;
	s->in_loop = !is_boundary(kind) && a->loop;
	if (kind == LW_S_CLASS || kind == LW_S_INIT)
		s->strict = 1;
	if ((e = hfind(a->c, node, NULL, 0, H_SCOPE, 1)) == NULL)
		a->oom = 1;
	else
		e->val = s;
	push_ptr(a, (void ***)&a->scopes, &a->nscopes, &a->capscopes, s);
	return s;
}

static struct lw_binding *
declare(struct an *a, struct lw_scope *s, struct ast_node *id,
    enum lw_bkind kind, uint32_t decl_end)
{
	struct lw_binding *b;
	struct hent *e, *cnt;

	if (id == NULL || id->kind != AST_IDENTIFIER)
		return NULL;
	if (kind == LW_B_VAR || kind == LW_B_FUNC)
		s = s->fn;
	if ((e = hfind(a->c, s, id->name.s, id->name.len, H_BIND, 1)) == NULL) {
		a->oom = 1;
		return NULL;
	}
	if (e->val != NULL) {
		b = e->val;
		/* a function name yields to params, vars and functions */
		if (b->kind == LW_B_FNAME)
			b->kind = kind;
		return b;
	}
	if ((b = ast_alloc(a->c->arena, sizeof(*b))) == NULL) {
		a->oom = 1;
		return NULL;
	}
	b->name = id->name;
	b->kind = kind;
	b->scope = s;
	b->decl_end = decl_end;
	b->next = s->first;
	s->first = b;
	e->val = b;
	cnt = hfind(a->c, s->fn, id->name.s, id->name.len, H_COUNT, 1);
	if (cnt != NULL)
		cnt->val = (void *)((uintptr_t)cnt->val + 1);
	push_ptr(a, (void ***)&a->binds, &a->nbinds, &a->capbinds, b);
	return b;
}

static void add_ref(struct an *, struct ast_node *, int write);
static void visit(struct an *, struct ast_node *);
static void visit_list(struct an *, struct ast_list *);

static void
add_ref(struct an *a, struct ast_node *id, int write)
{
	struct ref *r;

	if (lw_str_eq(id->name, "arguments") &&
	    a->sc->fn->kind != LW_S_FUNCTION) {
		struct lw_scope *ts = lw_this_scope(a->sc);

		/* arrows, and class IIFEs (computed keys), read $args */
		if ((a->sc->fn->kind == LW_S_ARROW ||
			a->sc->fn->kind == LW_S_CLASS) &&
		    ts->kind == LW_S_FUNCTION)
			ts->arrow_args = 1;
	}
	if (a->nrefs == a->caprefs) {
		size_t nc = a->caprefs ? a->caprefs * 2 : 256;
		struct ref *nr = realloc(a->refs, nc * sizeof(*nr));

		if (nr == NULL) {
			a->oom = 1;
			return;
		}
		a->refs = nr;
		a->caprefs = nc;
	}
	r = &a->refs[a->nrefs++];
	r->name = id->name.s;
	r->len = id->name.len;
	r->scope = a->sc;
	r->b = NULL;
	r->write = write != 0;
}

/* Declares the names of a binding pattern; visits defaults and keys. */
static void
decl_pattern(
    struct an *a, struct ast_node *p, enum lw_bkind kind, uint32_t decl_end)
{
	size_t i;

	if (p == NULL)
		return;
	switch (p->kind) {
	case AST_IDENTIFIER:
		declare(a, a->sc, p, kind, decl_end);
		break;
	case AST_OBJECT_PATTERN:
		for (i = 0; i < p->properties.len; i++) {
			struct ast_node *pr = p->properties.items[i];

			if (pr->kind == AST_REST_ELEMENT) {
				decl_pattern(a, pr->argument, kind, decl_end);
				continue;
			}
			if (pr->is_computed)
				visit(a, pr->key);
			/* an element's name is live once its element is done */
			decl_pattern(
			    a, pr->value, kind, decl_end ? pr->end : 0);
		}
		break;
	case AST_ARRAY_PATTERN:
		for (i = 0; i < p->elements.len; i++) {
			struct ast_node *el = p->elements.items[i];

			if (el != NULL)
				decl_pattern(
				    a, el, kind, decl_end ? el->end : 0);
		}
		break;
	case AST_REST_ELEMENT:
		decl_pattern(a, p->argument, kind, decl_end);
		break;
	case AST_ASSIGNMENT_PATTERN:
		decl_pattern(a, p->left, kind, decl_end);
		visit(a, p->right);
		break;
	default:
		visit(a, p);
		break;
	}
}

/* An assignment target pattern: identifiers are written references. */
static void
assign_pattern(struct an *a, struct ast_node *p)
{
	size_t i;

	if (p == NULL)
		return;
	switch (p->kind) {
	case AST_IDENTIFIER:
		add_ref(a, p, 1);
		break;
	case AST_OBJECT_PATTERN:
	case AST_OBJECT_EXPRESSION:
		for (i = 0; i < p->properties.len; i++) {
			struct ast_node *pr = p->properties.items[i];

			if (pr->kind == AST_REST_ELEMENT ||
			    pr->kind == AST_SPREAD_ELEMENT) {
				assign_pattern(a, pr->argument);
				continue;
			}
			if (pr->is_computed)
				visit(a, pr->key);
			assign_pattern(a, pr->value);
		}
		break;
	case AST_ARRAY_PATTERN:
	case AST_ARRAY_EXPRESSION:
		for (i = 0; i < p->elements.len; i++)
			assign_pattern(a, p->elements.items[i]);
		break;
	case AST_REST_ELEMENT:
	case AST_SPREAD_ELEMENT:
		assign_pattern(a, p->argument);
		break;
	case AST_ASSIGNMENT_PATTERN:
	case AST_ASSIGNMENT_EXPRESSION:
		assign_pattern(a, p->left);
		visit(a, p->right);
		break;
	default:
		visit(a, p);
		break;
	}
}

static int
has_use_strict(struct ast_list *body)
{
	size_t i;

	for (i = 0; i < body->len; i++) {
		struct ast_node *s = body->items[i];

		if (s->kind != AST_EXPRESSION_STATEMENT ||
		    s->directive.s == NULL)
			break;
		if (lw_str_eq(s->directive, "use strict"))
			return 1;
	}
	return 0;
}

static struct lw_scope *
visit_function(struct an *a, struct ast_node *fn)
{
	struct lw_scope *saved = a->sc, *s;
	int saved_loop = a->loop;
	size_t i;

	s = new_scope(a,
	    fn->kind == AST_ARROW_FUNCTION_EXPRESSION ? LW_S_ARROW
						      : LW_S_FUNCTION,
	    fn);
	a->sc = s;
	a->loop = 0;
	if (fn->body != NULL && fn->body->kind == AST_BLOCK_STATEMENT &&
	    has_use_strict(&fn->body->list_body))
		s->strict = 1;
	if (fn->kind == AST_FUNCTION_EXPRESSION && fn->id != NULL)
		declare(a, s, fn->id, LW_B_FNAME, 0);
	/* a parameter is in its TDZ until its own initializer is done */
	for (i = 0; i < fn->params.len; i++)
		decl_pattern(a, fn->params.items[i], LW_B_PARAM,
		    ((struct ast_node *)fn->params.items[i])->end);
	if (fn->body != NULL) {
		if (fn->body->kind == AST_BLOCK_STATEMENT)
			visit_list(a, &fn->body->list_body);
		else
			visit(a, fn->body);
	}
	a->sc = saved;
	a->loop = saved_loop;
	return s;
}

static void
visit_class(struct an *a, struct ast_node *cls)
{
	struct lw_scope *saved = a->sc, *s, *init = NULL;
	int saved_loop = a->loop;
	struct ast_node *body = cls->body;
	size_t i;

	if (cls->super_class != NULL)
		visit(a, cls->super_class);
	s = new_scope(a, LW_S_CLASS, cls);
	a->sc = s;
	a->loop = 0;
	if (cls->id != NULL)
		declare(a, s, cls->id, LW_B_CLASSNAME, 0);
	for (i = 0; body != NULL && i < body->list_body.len; i++) {
		struct ast_node *m = body->list_body.items[i];
		struct lw_scope *fs;

		switch (m->kind) {
		case AST_METHOD_DEFINITION:
			if (m->is_computed)
				visit(a, m->key);
			fs = visit_function(a, m->value);
			if (m->method_kind == AST_METHOD_CONSTRUCTOR &&
			    cls->super_class != NULL)
				fs->derived_ctor = 1;
			break;
		case AST_PROPERTY_DEFINITION:
			if (m->is_computed)
				visit(a, m->key);
			if (m->value == NULL)
				break;
			if (m->is_static) {
				a->sc = new_scope(a, LW_S_INIT, m);
			} else {
				if (init == NULL)
					init = new_scope(a, LW_S_INIT, body);
				a->sc = init;
			}
			visit(a, m->value);
			a->sc = s;
			break;
		case AST_STATIC_BLOCK:
			a->sc = new_scope(a, LW_S_INIT, m);
			visit_list(a, &m->list_body);
			a->sc = s;
			break;
		default:
			break;
		}
	}
	a->sc = saved;
	a->loop = saved_loop;
}

static void
visit_list(struct an *a, struct ast_list *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		if (l->items[i] != NULL)
			visit(a, l->items[i]);
}

static void
visit_children(struct an *a, struct ast_node *n)
{
	struct ast_node *kids[] = {
		n->id,
		n->init,
		n->test,
		n->update,
		n->body,
		n->left,
		n->right,
		n->argument,
		n->callee,
		n->object,
		n->property,
		n->key,
		n->value,
		n->expression,
		n->consequent,
		n->alternate,
		n->block,
		n->handler,
		n->finalizer,
		n->param,
		n->discriminant,
		n->super_class,
		n->tag,
		n->quasi,
		n->source,
		n->declaration,
	};
	size_t i;

	for (i = 0; i < sizeof(kids) / sizeof(kids[0]); i++)
		if (kids[i] != NULL)
			visit(a, kids[i]);
	visit_list(a, &n->list_body);
	visit_list(a, &n->params);
	visit_list(a, &n->arguments);
	visit_list(a, &n->elements);
	visit_list(a, &n->properties);
	visit_list(a, &n->declarations);
	visit_list(a, &n->cases);
	visit_list(a, &n->cons_list);
	visit_list(a, &n->expressions);
}

static void
visit_vardecl(struct an *a, struct ast_node *d)
{
	enum lw_bkind k = d->var_kind == AST_VAR ? LW_B_VAR
	    : d->var_kind == AST_LET		 ? LW_B_LET
						 : LW_B_CONST;
	size_t i;

	for (i = 0; i < d->declarations.len; i++) {
		struct ast_node *dc = d->declarations.items[i];

		decl_pattern(a, dc->id, k, dc->end);
		if (dc->init != NULL)
			visit(a, dc->init);
	}
}

static void
visit_loop_body(struct an *a, struct ast_node *body)
{
	int saved = a->loop;

	a->loop = 1;
	visit(a, body);
	a->loop = saved;
}

static void
visit(struct an *a, struct ast_node *n)
{
	struct lw_scope *saved = a->sc;
	size_t i;

	if (n == NULL || a->oom)
		return;
	switch (n->kind) {
	case AST_IDENTIFIER:
		add_ref(a, n, 0);
		break;
	case AST_SUPER:
		/* super.x in an arrow reads the enclosing method's this */
		if (a->sc->fn->kind == LW_S_ARROW)
			lw_this_scope(a->sc)->arrow_this = 1;
		break;
	case AST_PRIVATE_IDENTIFIER:
	case AST_LITERAL:
	case AST_EMPTY_STATEMENT:
	case AST_DEBUGGER_STATEMENT:
	case AST_BREAK_STATEMENT:
	case AST_CONTINUE_STATEMENT:
	case AST_TEMPLATE_ELEMENT:
		break;
	case AST_THIS_EXPRESSION:
		if (a->sc->fn->kind == LW_S_ARROW ||
		    a->sc->fn->kind == LW_S_CLASS)
			lw_this_scope(a->sc)->arrow_this = 1;
		break;
	case AST_META_PROPERTY:
		if (lw_str_eq(n->meta->name, "new") &&
		    a->sc->fn->kind == LW_S_ARROW)
			lw_this_scope(a->sc)->arrow_nt = 1;
		break;
	case AST_LABELED_STATEMENT:
		visit(a, n->body);
		break;
	case AST_MEMBER_EXPRESSION:
		visit(a, n->object);
		if (n->is_computed)
			visit(a, n->property);
		break;
	case AST_PROPERTY:
		if (n->is_computed)
			visit(a, n->key);
		visit(a, n->value);
		break;
	case AST_ASSIGNMENT_EXPRESSION:
		assign_pattern(a, n->left);
		visit(a, n->right);
		break;
	case AST_UPDATE_EXPRESSION:
		if (n->argument->kind == AST_IDENTIFIER)
			add_ref(a, n->argument, 1);
		else
			visit(a, n->argument);
		break;
	case AST_FUNCTION_DECLARATION:
		if (n->id != NULL)
			declare(a, a->sc, n->id,
			    a->sc == a->sc->fn ? LW_B_FUNC : LW_B_LET, 0);
		visit_function(a, n);
		break;
	case AST_FUNCTION_EXPRESSION:
	case AST_ARROW_FUNCTION_EXPRESSION:
		visit_function(a, n);
		break;
	case AST_CLASS_DECLARATION:
		declare(a, a->sc, n->id, LW_B_CLASS, n->end);
		visit_class(a, n);
		break;
	case AST_CLASS_EXPRESSION:
		visit_class(a, n);
		break;
	case AST_VARIABLE_DECLARATION:
		visit_vardecl(a, n);
		break;
	case AST_BLOCK_STATEMENT:
		a->sc = new_scope(a, LW_S_BLOCK, n);
		visit_list(a, &n->list_body);
		break;
	case AST_SWITCH_STATEMENT:
		visit(a, n->discriminant);
		a->sc = new_scope(a, LW_S_BLOCK, n);
		visit_list(a, &n->cases);
		break;
	case AST_CATCH_CLAUSE:
		a->sc = new_scope(a, LW_S_CATCH, n);
		if (n->param != NULL)
			decl_pattern(a, n->param,
			    n->param->kind == AST_IDENTIFIER ? LW_B_CATCH
							     : LW_B_LET,
			    0);
		if (n->body != NULL)
			visit_list(a, &n->body->list_body);
		break;
	case AST_FOR_STATEMENT:
		if (n->init != NULL &&
		    n->init->kind == AST_VARIABLE_DECLARATION &&
		    n->init->var_kind != AST_VAR) {
			int sl = a->loop;

			a->loop = 1;
			a->sc = new_scope(a, LW_S_BLOCK, n);
			a->loop = sl;
		}
		visit(a, n->init);
		visit_loop_body(a, n->test);
		visit_loop_body(a, n->update);
		visit_loop_body(a, n->body);
		break;
	case AST_FOR_IN_STATEMENT:
	case AST_FOR_OF_STATEMENT:
		if (n->kind == AST_FOR_OF_STATEMENT && n->is_await)
			a->sc->fn->has_await = 1;
		visit(a, n->right);
		if (n->left->kind == AST_VARIABLE_DECLARATION &&
		    n->left->var_kind != AST_VAR) {
			int sl = a->loop;

			a->loop = 1;
			a->sc = new_scope(a, LW_S_BLOCK, n);
			a->loop = sl;
			visit_vardecl(a, n->left);
		} else if (n->left->kind == AST_VARIABLE_DECLARATION) {
			visit_vardecl(a, n->left);
		} else {
			assign_pattern(a, n->left);
		}
		visit_loop_body(a, n->body);
		break;
	case AST_WHILE_STATEMENT:
		visit(a, n->test);
		visit_loop_body(a, n->body);
		break;
	case AST_DO_WHILE_STATEMENT:
		visit_loop_body(a, n->body);
		visit(a, n->test);
		break;
	case AST_AWAIT_EXPRESSION:
		a->sc->fn->has_await = 1;
		visit(a, n->argument);
		break;
	case AST_IMPORT_DECLARATION:
		for (i = 0; i < n->specifiers.len; i++) {
			struct ast_node *sp = n->specifiers.items[i];
			struct lw_binding *b;

			b = declare(a, a->sc, sp->local, LW_B_IMPORT, 0);
			if (b == NULL)
				continue;
			if (sp->kind == AST_IMPORT_SPECIFIER)
				b->imp_name =
				    sp->imported->kind == AST_IDENTIFIER
				    ? sp->imported->name
				    : sp->imported->str;
			else if (sp->kind == AST_IMPORT_DEFAULT_SPECIFIER)
				b->imp_name =
				    ast_str_dup(a->c->arena, "default", 7);
			else
				b->imp_name = ast_str_dup(a->c->arena, "*", 1);
		}
		break;
	case AST_EXPORT_NAMED_DECLARATION:
		if (n->declaration != NULL)
			visit(a, n->declaration);
		if (n->source == NULL)
			for (i = 0; i < n->specifiers.len; i++) {
				struct ast_node *sp = n->specifiers.items[i];

				if (sp->local->kind == AST_IDENTIFIER)
					add_ref(a, sp->local, 0);
			}
		break;
	case AST_EXPORT_ALL_DECLARATION:
		break;
	case AST_EXPORT_DEFAULT_DECLARATION:
		visit(a, n->declaration);
		break;
	case AST_CALL_EXPRESSION:
		if (n->callee->kind == AST_IDENTIFIER &&
		    lw_str_eq(n->callee->name, "eval"))
			push_ptr(a, (void ***)&a->evals, &a->nevals,
			    &a->capevals, a->sc);
		visit_children(a, n);
		break;
	default:
		visit_children(a, n);
		break;
	}
	a->sc = saved;
}

/* The boundary scope just inside `outer` on the way out from `s`. */
static struct lw_scope *
child_of(struct lw_scope *s, struct lw_scope *outer)
{
	struct lw_scope *f = s->fn;

	while (f->parent != NULL && f->parent->fn != outer)
		f = f->parent->fn;
	return f;
}

static void
add_need(struct an *a, struct lw_scope *f, const char *env)
{
	struct lw_envref *r;

	for (r = f->needs; r != NULL; r = r->next)
		if (r->env == env)
			return;
	if ((r = ast_alloc(a->c->arena, sizeof(*r))) == NULL) {
		a->oom = 1;
		return;
	}
	r->env = env;
	r->next = f->needs;
	f->needs = r;
}

/* ---- runtime TDZ: which bindings a closure may touch before init ---- */

static void
mark_tdz(struct an *a)
{
	size_t i;

	for (i = 0; i < a->nrefs; i++) {
		struct ref *r = &a->refs[i];
		struct lw_binding *b = r->b;
		struct ast_node *f0;

		if (b == NULL || b->tdz_done || b->scope->fn == r->scope->fn)
			continue;
		/* the closure can run before the declaration is done if it is
		 * hoisted or created before it */
		f0 = child_of(r->scope, b->scope->fn)->node;
		if (f0->kind != AST_FUNCTION_DECLARATION &&
		    f0->start >= b->decl_end)
			continue;
		b->tdz_done = 1;
		if (lw_tdz_needed(a->c, b)) {
			b->tdz = lw_fresh(a->c, "$tdz", 4);
			a->c->ntdz++;
		}
	}
}

/* A direct eval may reference every binding in view: a reference to each,
 * so that they are captured (loop environments) as if named there. */
static void
eval_refs(struct an *a)
{
	size_t i;

	for (i = 0; i < a->nevals; i++) {
		struct lw_scope *s, *saved = a->sc;
		struct lw_binding *b;

		a->sc = a->evals[i];
		if (a->sc->fn->kind == LW_S_ARROW) {
			/* its code reads the enclosing function's this and
			 * arguments (lower_eval.c) */
			s = lw_this_scope(a->sc);
			s->arrow_this = 1;
			if (s->kind == LW_S_FUNCTION)
				s->arrow_args = 1;
		}
		for (s = a->evals[i]; s != NULL; s = s->parent)
			for (b = s->first; b != NULL; b = b->next) {
				struct ast_node id;

				memset(&id, 0, sizeof(id));
				id.kind = AST_IDENTIFIER;
				id.name = b->name;
				add_ref(a, &id, 1);
			}
		a->sc = saved;
	}
}

/*
 * A name no binding resolves: if it is one of the module function's
 * parameters, the parameter list is kept up to it. An `arguments` that
 * reaches the module function sees them all.
 */
static void
note_free_name(struct lw_ctx *c, const char *name, size_t len)
{
	const char *p = c->module_params, *end;
	size_t n;

	if (p == NULL)
		return;
	if (len == 9 && memcmp(name, "arguments", 9) == 0) {
		c->module_params_used = strlen(p);
		return;
	}
	while (*p != '\0') {
		end = strchr(p, ',');
		n = end != NULL ? (size_t)(end - p) : strlen(p);
		if (n == len && memcmp(p, name, len) == 0) {
			if ((size_t)(p + n - c->module_params) >
			    c->module_params_used)
				c->module_params_used =
				    p + n - c->module_params;
			return;
		}
		if (end == NULL)
			return;
		for (p = end + 1; *p == ' '; p++)
			;
	}
}

static void
finish(struct an *a)
{
	struct lw_ctx *c = a->c;
	size_t i;

	eval_refs(a);
	/* a direct eval may name any parameter */
	if (a->nevals > 0 && c->module_params != NULL)
		c->module_params_used = strlen(c->module_params);

	/* resolve; note names that pass through each function's top scope */
	for (i = 0; i < a->nrefs; i++) {
		struct ref *r = &a->refs[i];
		struct lw_scope *s;
		struct hent *e;

		for (s = r->scope; s != NULL; s = s->parent) {
			e = hfind(c, s, r->name, r->len, H_BIND, 0);
			if (s == s->fn) {
				struct hent *p =
				    hfind(c, s, r->name, r->len, H_PASS, 1);

				if (p != NULL)
					p->val = (void *)1;
			}
			if (e != NULL) {
				r->b = e->val;
				break;
			}
		}
		if (r->b == NULL) {
			note_free_name(c, r->name, r->len);
			continue;
		}
		if (r->write)
			r->b->written = 1;
		if (r->b->scope->fn != r->scope->fn)
			r->b->captured = 1;
	}
	/* names and environments */
	for (i = 0; i < a->nbinds; i++) {
		struct lw_binding *b = a->binds[i];
		struct lw_scope *s = b->scope;
		struct hent *cnt, *pass;

		b->emit = lw_cstr(c, b->name.s, b->name.len);
		if (c->eval_code && s->kind == LW_S_PROGRAM && !s->strict &&
		    (b->kind == LW_B_LET || b->kind == LW_B_CONST ||
			b->kind == LW_B_CLASS)) {
			/* sloppy eval code: its lexical names must not become
			 * the caller's vars */
			b->emit = lw_fresh(c, b->name.s, b->name.len);
			continue;
		}
		if (s == s->fn || b->kind == LW_B_CATCH ||
		    b->kind == LW_B_IMPORT)
			continue;
		if (b->captured && s->in_loop) {
			b->env = 1;
			if (s->env == NULL)
				s->env = lw_fresh(c, "$env", 4);
			continue;
		}
		cnt = hfind(c, s->fn, b->name.s, b->name.len, H_COUNT, 0);
		pass = hfind(c, s->fn, b->name.s, b->name.len, H_PASS, 0);
		if ((cnt != NULL && (uintptr_t)cnt->val > 1) || pass != NULL ||
		    lw_str_eq(b->name, "arguments"))
			b->emit = lw_fresh(c, b->name.s, b->name.len);
	}
	for (i = 0; i < a->nrefs; i++) {
		struct ref *r = &a->refs[i];

		if (r->b != NULL && r->b->env &&
		    r->b->scope->fn != r->scope->fn)
			add_need(a, child_of(r->scope, r->b->scope->fn),
			    r->b->scope->env);
	}
	mark_tdz(a);
}

int
lw_scope_analyze(struct lw_ctx *c, struct ast_node *prog)
{
	struct an a;
	struct lw_scope *s;
	struct hent *e;

	memset(&a, 0, sizeof(a));
	a.c = c;
	if ((s = ast_alloc(c->arena, sizeof(*s))) == NULL)
		return lw_error(c, prog, "out of memory");
	s->kind = LW_S_PROGRAM;
	s->fn = s;
	s->node = prog;
	s->strict = c->module || c->strict || has_use_strict(&prog->list_body);
	if ((e = hfind(c, prog, NULL, 0, H_SCOPE, 1)) == NULL)
		return lw_error(c, prog, "out of memory");
	e->val = s;
	a.sc = s;
	visit_list(&a, &prog->list_body);
	if (!a.oom)
		finish(&a);
	free(a.refs);
	free(a.binds);
	free(a.scopes);
	free(a.evals);
	if (a.oom)
		return lw_error(c, prog, "out of memory");
	return 0;
}
