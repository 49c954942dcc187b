/*
 * Lowering of classes to ES5 constructor functions inside one IIFE per
 * class evaluation. Private names become per-evaluation symbols stored as
 * non-enumerable own properties (invisible to Object.keys, for-in, JSON);
 * derived constructors build `this` through __cm.superCall so built-ins
 * such as Error and Array can be extended.
 */
#include <stdio.h>
#include <string.h>

#include "lower_int.h"

struct priv_ent {
	struct ast_str name;
	const char *var;
};

struct priv_scope {
	struct priv_scope *up;
	struct priv_ent *ents;
	size_t n;
};

const char *
lw_private_name(struct lw_ctx *c, struct ast_node *pid)
{
	struct priv_scope *ps;
	size_t i;

	for (ps = c->priv; ps != NULL; ps = ps->up)
		for (i = 0; i < ps->n; i++)
			if (ps->ents[i].name.len == pid->name.len &&
			    memcmp(ps->ents[i].name.s, pid->name.s,
			    pid->name.len) == 0)
				return ps->ents[i].var;
	lw_error(c, pid, "Private field '#%.*s' must be declared in an "
	    "enclosing class", (int)pid->name.len, pid->name.s);
	return "null";
}

void
lw_private_get(struct lw_ctx *c, struct ast_node *m)
{
	lw_puts(OUT(c), "__cm.privGet(");
	lw_expr(c, m->object, P_ASSIGN);
	lw_printf(OUT(c), ", %s)", lw_private_name(c, m->property));
}

void
lw_super_member(struct lw_ctx *c, struct ast_node *m)
{
	lw_printf(OUT(c), "__cm.superGet(%s, ", c->fn->home ? c->fn->home :
	    "null");
	lw_prop_key(c, m->property, m->is_computed);
	lw_puts(OUT(c), ", ");
	lw_this(c);
	lw_putc(OUT(c), ')');
}

void
lw_super_call(struct lw_ctx *c, struct ast_node *call)
{
	if (c->fn->super_ctor == NULL) {
		lw_error(c, call, "'super' keyword unexpected here");
		return;
	}
	lw_printf(OUT(c), "($self = __cm.superCall(%s, ", c->fn->super_ctor);
	if (lw_has_spread(&call->arguments)) {
		lw_array_spread(c, &call->arguments);
	} else {
		size_t i;

		lw_putc(OUT(c), '[');
		for (i = 0; i < call->arguments.len; i++) {
			if (i > 0)
				lw_puts(OUT(c), ", ");
			lw_expr(c, call->arguments.items[i], P_ASSIGN);
		}
		lw_putc(OUT(c), ']');
	}
	lw_printf(OUT(c), ", %s), ", c->fn->nt ? c->fn->nt : "void 0");
	if (c->fn->fields_fn != NULL)
		lw_printf(OUT(c), "%s.call($self), ", c->fn->fields_fn);
	lw_puts(OUT(c), "$self)");
}

static int
method_kind_num(struct ast_node *m)
{
	return m->method_kind == AST_METHOD_GET ? 1 :
	    m->method_kind == AST_METHOD_SET ? 2 : 0;
}

/* The key as a value: "name", a literal, or a computed expression. */
static void
key_value(struct lw_ctx *c, struct ast_node *m)
{
	lw_prop_key(c, m->key, m->is_computed);
}

void
lw_class(struct lw_ctx *c, struct ast_node *cls, const char *name_hint)
{
	struct lw_scope *s = lw_scope_of(c, cls), *saved = c->scope;
	struct ast_node *body = cls->body, *ctor = NULL;
	struct priv_scope ps;
	struct lw_fn iife, clsinfo;
	struct lw_envref *r;
	const char *cname, *init_fn = NULL, *nt, **keytmp;
	char target[200], proto[200];
	size_t i, n = body ? body->list_body.len : 0;
	int has_inst = 0, derived = cls->super_class != NULL;

	if (s == NULL) {
		lw_error(c, cls, "internal error: class without scope");
		return;
	}
	cname = cls->id ? lw_cstr(c, cls->id->name.s, cls->id->name.len) :
	    name_hint != NULL && cls->kind == AST_CLASS_EXPRESSION ? name_hint :
	    lw_fresh(c, "$class", 6);
	nt = lw_fresh(c, "$nt", 3);
	keytmp = ast_alloc(c->arena, (n + 1) * sizeof(*keytmp));
	memset(&ps, 0, sizeof(ps));
	ps.ents = ast_alloc(c->arena, (n + 1) * sizeof(*ps.ents));
	if (keytmp == NULL || ps.ents == NULL) {
		lw_error(c, cls, "out of memory");
		return;
	}
	for (i = 0; i < n; i++) {
		struct ast_node *m = body->list_body.items[i];

		if (m->kind == AST_METHOD_DEFINITION && m->method_kind ==
		    AST_METHOD_CONSTRUCTOR)
			ctor = m;
		else if (!m->is_static && (m->kind == AST_PROPERTY_DEFINITION ||
		    (m->kind == AST_METHOD_DEFINITION && m->key->kind ==
		    AST_PRIVATE_IDENTIFIER)))
			has_inst = 1;
	}
	if (has_inst)
		init_fn = lw_fresh(c, "$init", 5);

	lw_puts(OUT(c), "(function (");
	if (derived)
		lw_puts(OUT(c), "$super");
	for (r = s->needs; r != NULL; r = r->next)
		lw_printf(OUT(c), "%s%s", (derived || r != s->needs) ? ", " : "",
		    r->env);
	lw_puts(OUT(c), ") { \"use strict\"; ");
	c->scope = s;
	lw_init_fn_begin(c, &iife, s);
	ps.up = c->priv;
	c->priv = &ps;
	/* private names, one symbol each per class evaluation */
	for (i = 0; i < n; i++) {
		struct ast_node *m = body->list_body.items[i];
		size_t j;

		if (m->kind == AST_STATIC_BLOCK || m->key == NULL ||
		    m->key->kind != AST_PRIVATE_IDENTIFIER)
			continue;
		for (j = 0; j < ps.n; j++)
			if (ps.ents[j].name.len == m->key->name.len &&
			    memcmp(ps.ents[j].name.s, m->key->name.s,
			    m->key->name.len) == 0)
				break;
		if (j < ps.n)
			continue;
		ps.ents[ps.n].name = m->key->name;
		{
			char pn[140];
			int pl = snprintf(pn, sizeof(pn), "$priv_%.*s",
			    (int)(m->key->name.len > 100 ? 100 : m->key->name.len),
			    m->key->name.s);

			ps.ents[ps.n].var = lw_fresh(c, pn, (size_t)pl);
		}
		lw_printf(OUT(c), "var %s = __cm.privName(\"#%.*s\"); ",
		    ps.ents[ps.n].var, (int)m->key->name.len, m->key->name.s);
		ps.n++;
	}
	/* the constructor */
	snprintf(proto, sizeof(proto), "%s.prototype", cname);
	memset(&clsinfo, 0, sizeof(clsinfo));
	clsinfo.super_ctor = derived ? "$super" : NULL;
	clsinfo.fields_fn = init_fn;
	clsinfo.nt = nt;
	clsinfo.derived = derived;
	clsinfo.cls_name = cname;
	if (ctor != NULL) {
		c->pending_cls = &clsinfo;
		c->pending_home = lw_cstr(c, proto, strlen(proto));
		lw_sync_line(c, ctor);
		lw_function(c, ctor->value, cname, 1);
		lw_puts(OUT(c), " ");
	} else if (derived) {
		lw_printf(OUT(c), "function %s() { var %s = "
		    "__cm.ctorCheck(new.target, \"%s\"), $self = "
		    "__cm.superCall($super, arguments, %s); ", cname, nt, cname,
		    nt);
		if (init_fn != NULL)
			lw_printf(OUT(c), "%s.call($self); ", init_fn);
		lw_puts(OUT(c), "return $self; } ");
	} else {
		lw_printf(OUT(c), "function %s() { __cm.ctorCheck(new.target, "
		    "\"%s\"); ", cname, cname);
		if (init_fn != NULL)
			lw_printf(OUT(c), "%s.call(this); ", init_fn);
		lw_puts(OUT(c), "} ");
	}
	if (derived)
		lw_printf(OUT(c), "__cm.inherits(%s, $super); ", cname);
	else
		lw_printf(OUT(c), "__cm.classProto(%s); ", cname);
	/* methods and computed keys, in source order */
	for (i = 0; i < n; i++) {
		struct ast_node *m = body->list_body.items[i];

		if (m == ctor || m->kind == AST_STATIC_BLOCK)
			continue;
		lw_sync_line(c, m);
		snprintf(target, sizeof(target), "%s", m->is_static ? cname :
		    proto);
		if (m->kind == AST_PROPERTY_DEFINITION) {
			if (m->is_computed) {
				keytmp[i] = lw_temp(c);
				lw_printf(OUT(c), "%s = __cm.toKey(", keytmp[i]);
				lw_expr(c, m->key, P_ASSIGN);
				lw_puts(OUT(c), "); ");
			}
			continue;
		}
		if (m->key->kind == AST_PRIVATE_IDENTIFIER) {
			const char *pv = lw_private_name(c, m->key);

			if (m->is_static) {
				lw_printf(OUT(c), "__cm.privMethod(%s, %s, ",
				    cname, pv);
			} else {
				keytmp[i] = lw_temp(c);
				lw_printf(OUT(c), "%s = ", keytmp[i]);
			}
			c->pending_home = lw_cstr(c, target, strlen(target));
			lw_function(c, m->value, NULL, 0);
			if (m->is_static)
				lw_printf(OUT(c), ", %d); ", method_kind_num(m));
			else
				lw_puts(OUT(c), "; ");
			continue;
		}
		lw_printf(OUT(c), "__cm.method(%s, ", target);
		key_value(c, m);
		lw_puts(OUT(c), ", ");
		c->pending_home = lw_cstr(c, target, strlen(target));
		lw_function(c, m->value, NULL, 0);
		lw_printf(OUT(c), ", %d); ", method_kind_num(m));
	}
	/* instance fields and private methods: run per instance */
	if (init_fn != NULL) {
		struct lw_scope *is = lw_scope_of(c, body);
		struct lw_fn f;

		lw_printf(OUT(c), "function %s() { ", init_fn);
		c->scope = is ? is : s;
		lw_init_fn_begin(c, &f, is ? is : s);
		f.home = lw_cstr(c, proto, strlen(proto));
		for (i = 0; i < n; i++) {
			struct ast_node *m = body->list_body.items[i];

			if (m->kind == AST_METHOD_DEFINITION && !m->is_static &&
			    m != ctor && m->key->kind == AST_PRIVATE_IDENTIFIER)
				lw_printf(OUT(c), "__cm.privMethod(this, %s, %s, "
				    "%d); ", lw_private_name(c, m->key),
				    keytmp[i], method_kind_num(m));
		}
		for (i = 0; i < n; i++) {
			struct ast_node *m = body->list_body.items[i];

			if (m->kind != AST_PROPERTY_DEFINITION || m->is_static)
				continue;
			if (m->key->kind == AST_PRIVATE_IDENTIFIER) {
				lw_printf(OUT(c), "__cm.privDef(this, %s, ",
				    lw_private_name(c, m->key));
			} else {
				lw_puts(OUT(c), "__cm.defField(this, ");
				if (m->is_computed)
					lw_puts(OUT(c), keytmp[i]);
				else
					key_value(c, m);
				lw_puts(OUT(c), ", ");
			}
			if (m->value != NULL)
				lw_expr(c, m->value, P_ASSIGN);
			else
				lw_puts(OUT(c), "void 0");
			lw_puts(OUT(c), "); ");
		}
		lw_init_fn_end(c, &f);
		c->scope = s;
		lw_puts(OUT(c), "} ");
	}
	/* static fields and blocks, in order, with this = the class */
	for (i = 0; i < n; i++) {
		struct ast_node *m = body->list_body.items[i];
		struct lw_scope *ss;
		struct lw_fn f;

		if (!(m->kind == AST_STATIC_BLOCK || (m->kind ==
		    AST_PROPERTY_DEFINITION && m->is_static)))
			continue;
		lw_sync_line(c, m);
		ss = lw_scope_of(c, m);
		lw_puts(OUT(c), "(function () { ");
		c->scope = ss ? ss : s;
		lw_init_fn_begin(c, &f, ss ? ss : s);
		f.home = cname;
		if (m->kind == AST_STATIC_BLOCK) {
			lw_stmt_list(c, &m->list_body);
		} else {
			if (m->key->kind == AST_PRIVATE_IDENTIFIER) {
				lw_printf(OUT(c), "__cm.privDef(this, %s, ",
				    lw_private_name(c, m->key));
			} else {
				lw_puts(OUT(c), "__cm.defField(this, ");
				if (m->is_computed)
					lw_puts(OUT(c), keytmp[i]);
				else
					key_value(c, m);
				lw_puts(OUT(c), ", ");
			}
			if (m->value != NULL)
				lw_expr(c, m->value, P_ASSIGN);
			else
				lw_puts(OUT(c), "void 0");
			lw_puts(OUT(c), ");");
		}
		lw_init_fn_end(c, &f);
		c->scope = s;
		lw_printf(OUT(c), " }).call(%s); ", cname);
	}
	lw_printf(OUT(c), "return %s; ", cname);
	lw_init_fn_end(c, &iife);
	c->priv = ps.up;
	c->scope = saved;
	lw_puts(OUT(c), "})(");
	if (derived)
		lw_expr(c, cls->super_class, P_ASSIGN);
	for (r = s->needs; r != NULL; r = r->next)
		lw_printf(OUT(c), "%s%s", (derived || r != s->needs) ? ", " : "",
		    r->env);
	lw_putc(OUT(c), ')');
}
