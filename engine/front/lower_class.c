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
	const char *desc; /* "#name", for function names */
	int methods; /* PM_INST | PM_STATIC: methods named so */
};

#define PM_INST 1
#define PM_STATIC 2

struct priv_scope {
	struct priv_scope *up;
	struct priv_ent *ents;
	size_t n;
};

/* The innermost class's entry for private name `pid`, or NULL. */
static struct priv_ent *
priv_lookup(struct lw_ctx *c, struct ast_node *pid)
{
	struct priv_scope *ps;
	size_t i;

	for (ps = c->priv; ps != NULL; ps = ps->up)
		for (i = 0; i < ps->n; i++)
			if (ps->ents[i].name.len == pid->name.len &&
			    memcmp(ps->ents[i].name.s, pid->name.s,
				pid->name.len) == 0)
				return &ps->ents[i];
	return NULL;
}

const char *
lw_private_name(struct lw_ctx *c, struct ast_node *pid)
{
	struct priv_ent *e = priv_lookup(c, pid);

	if (e != NULL)
		return e->var;
	lw_error(c, pid,
	    "Private field '#%.*s' must be declared in an "
	    "enclosing class",
	    (int)pid->name.len, pid->name.s);
	return "null";
}

/* "#x" for a private name in scope. */
const char *
lw_private_desc(struct lw_ctx *c, struct ast_node *pid)
{
	struct priv_ent *e = priv_lookup(c, pid);

	return e != NULL ? e->desc : "";
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
	lw_printf(
	    OUT(c), "__cm.superGet(%s, ", c->fn->home ? c->fn->home : "null");
	if (m->is_computed && lw_this_scope(c->scope)->derived_ctor) {
		/* `this` is checked before the key is evaluated */
		lw_puts(OUT(c), "(");
		lw_this(c);
		lw_puts(OUT(c), ", ");
		lw_expr(c, m->property, P_ASSIGN);
		lw_puts(OUT(c), ")");
	} else {
		lw_prop_key(c, m->property, m->is_computed);
	}
	lw_puts(OUT(c), ", ");
	lw_this(c);
	lw_putc(OUT(c), ')');
}

/* super.x++ / --super[k]: read, ToNumber into the temporary v, write. */
void
lw_super_update(struct lw_ctx *c, struct ast_node *n, const char *v)
{
	struct ast_node *m = n->argument;
	const char *home = c->fn->home ? c->fn->home : "null", *k;
	struct lw_buf saved;

	lw_putc(OUT(c), '(');
	if (m->is_computed) {
		k = lw_temp(c);
		lw_printf(OUT(c), "%s = __cm.toKey(", k);
		if (lw_this_scope(c->scope)->derived_ctor) {
			lw_this(c); /* `this` is checked first */
			lw_puts(OUT(c), ", ");
		}
		lw_expr(c, m->property, P_ASSIGN);
		lw_puts(OUT(c), "), ");
	} else {
		lw_capture_begin(c, &saved);
		lw_put_string(
		    OUT(c), m->property->name.s, m->property->name.len);
		k = lw_capture_end(c, &saved);
	}
	lw_printf(OUT(c), "%s = +__cm.superGet(%s, %s, ", v, home, k);
	lw_this(c);
	lw_printf(OUT(c), "), __cm.superSet(%s, %s, %s %s 1, ", home, k, v,
	    n->op == AST_OP_INC ? "+" : "-");
	lw_this(c);
	lw_putc(OUT(c), ')');
	if (!n->is_prefix)
		lw_printf(OUT(c), ", %s", v);
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
		lw_array_spread(c, &call->arguments, 1);
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
	lw_printf(OUT(c), ", %s, $self), ", c->fn->nt ? c->fn->nt : "void 0");
	if (c->fn->fields_fn != NULL)
		lw_printf(OUT(c), "%s.call($self), ", c->fn->fields_fn);
	lw_puts(OUT(c), "$self)");
}

/*
 * A derived constructor's body sits in a block labelled $dret (opened by
 * its prologue). `return [arg];` leaves it with the value in $rv, so that
 * finally blocks run first and a catch cannot see the errors of the checks
 * after it: `this` must be initialised unless an object is returned, and
 * only undefined may be returned else.
 */
void
lw_derived_return(struct lw_ctx *c, struct ast_node *arg)
{
	lw_puts(OUT(c), "{ $rv = ");
	if (arg != NULL)
		lw_expr(c, arg, P_ASSIGN);
	else
		lw_puts(OUT(c), "void 0");
	lw_puts(OUT(c), "; break $dret; }");
}

/* The end of a derived constructor's body (nothing in its arrows). */
void
lw_derived_end(struct lw_ctx *c)
{
	if (c->fn->is_arrow)
		return;
	lw_puts(OUT(c),
	    " } return $rv === void 0 ? $self || __cm.noThis() : "
	    "__cm.derivedRet($rv, $self);");
}

static int
method_kind_num(struct ast_node *m)
{
	return m->method_kind == AST_METHOD_GET ? 1
	    : m->method_kind == AST_METHOD_SET	? 2
						: 0;
}

/* The key as a value: "name", a literal, or a computed expression. */
static void
key_value(struct lw_ctx *c, struct ast_node *m)
{
	/* a number key goes through the runtime's ToString: 1e-7, not
	 * the decimal spelling the lowering writes */
	if (!m->is_computed && m->key->kind == AST_LITERAL &&
	    m->key->literal_kind == AST_LIT_NUMBER)
		lw_expr(c, m->key, P_ASSIGN);
	else
		lw_prop_key(c, m->key, m->is_computed);
}

/* `$priv_x$N`: only ASCII name characters survive, since Duktape rejects
 * some identifiers ES2022 allows (e.g. U+2118). */
static const char *
priv_var(struct lw_ctx *c, struct ast_str name)
{
	char pn[140];
	size_t i, n = name.len > 100 ? 100 : name.len;
	int pl = 6;

	memcpy(pn, "$priv_", 6);
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)name.s[i];

		pn[pl++] = (ch >= 'a' && ch <= 'z') ||
			(ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
			ch == '_' || ch == '$'
		    ? (char)ch
		    : '_';
	}
	return lw_fresh(c, pn, (size_t)pl);
}

static struct priv_ent *
priv_ent(struct priv_scope *ps, struct ast_node *pid)
{
	size_t i;

	for (i = 0; i < ps->n; i++)
		if (ps->ents[i].name.len == pid->name.len &&
		    memcmp(ps->ents[i].name.s, pid->name.s, pid->name.len) == 0)
			return &ps->ents[i];
	return &ps->ents[0]; /* not reached: every name is collected */
}

/* A name for the ctorCheck message inside a "..." literal: "" unless it
 * is plain ASCII without quotes or backslashes. */
static const char *
safe_name(const char *s)
{
	const char *p;

	for (p = s; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x80 ||
		    *p == '"' || *p == '\\')
			return "";
	return s;
}

/* "#x", the description of a private name (its function name prefix). */
static const char *
priv_desc(struct lw_ctx *c, struct ast_node *pid)
{
	char *d = ast_alloc(c->arena, pid->name.len + 2);

	if (d == NULL) {
		lw_error(c, pid, "out of memory");
		return "#";
	}
	d[0] = '#';
	memcpy(d + 1, pid->name.s, pid->name.len);
	d[pid->name.len + 1] = '\0';
	return d;
}

/* A field's initial value: an anonymous function gets the field's name. */
static void
field_value(struct lw_ctx *c, struct ast_node *m, const char *keytmp)
{
	const char *name;
	size_t len = 0;

	if (m->value == NULL) {
		lw_puts(OUT(c), "void 0");
		return;
	}
	if (m->key->kind == AST_PRIVATE_IDENTIFIER) {
		name = lw_private_desc(c, m->key);
		lw_named_expr(c, m->value, name, strlen(name), P_ASSIGN);
	} else if (!m->is_computed) {
		name = lw_key_name(c, m->key, 0, &len);
		lw_named_expr(c, m->value, name, len, P_ASSIGN);
	} else if (lw_is_anon_fn(m->value) &&
	    m->value->kind != AST_CLASS_EXPRESSION) {
		lw_puts(OUT(c), "__cm.fnameKey(");
		lw_expr(c, m->value, P_ASSIGN);
		lw_printf(OUT(c), ", %s)", keytmp);
	} else {
		lw_expr(c, m->value, P_ASSIGN);
	}
}

void
lw_class(struct lw_ctx *c, struct ast_node *cls, const char *name_hint)
{
	struct lw_scope *s = lw_scope_of(c, cls), *saved = c->scope;
	struct ast_node *body = cls->body, *ctor = NULL;
	struct priv_scope ps;
	struct lw_fn iife, clsinfo;
	struct lw_envref *r;
	const char *cname, *init_fn = NULL, *nt, **keytmp, *display;
	char target[200], proto[200];
	size_t i, n = body ? body->list_body.len : 0;
	int has_inst = 0, derived = cls->super_class != NULL;

	if (s == NULL) {
		lw_error(c, cls, "internal error: class without scope");
		return;
	}
	/* an anonymous class gets its `name` (inferred or "") at run time */
	cname = cls->id ? lw_cstr(c, cls->id->name.s, cls->id->name.len)
			: lw_fresh(c, "$class", 6);
	display = cls->id ? NULL : name_hint != NULL ? name_hint : "";
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

		if (m->kind == AST_METHOD_DEFINITION &&
		    m->method_kind == AST_METHOD_CONSTRUCTOR)
			ctor = m;
		else if (!m->is_static &&
		    (m->kind == AST_PROPERTY_DEFINITION ||
			(m->kind == AST_METHOD_DEFINITION &&
			    m->key->kind == AST_PRIVATE_IDENTIFIER)))
			has_inst = 1;
	}
	if (has_inst)
		init_fn = lw_fresh(c, "$init", 5);

	lw_puts(OUT(c), "(function (");
	if (derived)
		lw_puts(OUT(c), "$super");
	for (r = s->needs; r != NULL; r = r->next)
		lw_printf(OUT(c), "%s%s",
		    (derived || r != s->needs) ? ", " : "", r->env);
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
		ps.ents[ps.n].var = priv_var(c, m->key->name);
		ps.ents[ps.n].desc = priv_desc(c, m->key);
		ps.ents[ps.n].methods = 0;
		lw_printf(OUT(c), "var %s = __cm.privName(", ps.ents[ps.n].var);
		lw_put_string(
		    OUT(c), ps.ents[ps.n].desc, strlen(ps.ents[ps.n].desc));
		lw_puts(OUT(c), "); ");
		ps.n++;
	}
	/* the constructor */
	snprintf(proto, sizeof(proto), "%s.prototype", cname);
	memset(&clsinfo, 0, sizeof(clsinfo));
	/* super() calls the constructor's [[Prototype]] at the time: the
	 * constructor is reached by a name its body cannot shadow */
	clsinfo.super_ctor = derived ? lw_fresh(c, "$F", 2) : NULL;
	clsinfo.fields_fn = init_fn;
	clsinfo.nt = nt;
	clsinfo.derived = derived;
	clsinfo.cls_name = display == NULL ? cname : safe_name(display);
	if (ctor != NULL) {
		c->pending_cls = &clsinfo;
		c->pending_home = lw_cstr(c, proto, strlen(proto));
		lw_sync_line(c, ctor);
		lw_function(c, ctor->value, cname, 1);
		lw_puts(OUT(c), " ");
	} else if (derived) {
		lw_printf(OUT(c),
		    "function %s() { var %s = "
		    "__cm.ctorCheck(new.target, \"%s\"), $self = "
		    "__cm.superCall(%s, arguments, %s); ",
		    cname, nt, clsinfo.cls_name, clsinfo.super_ctor, nt);
		if (init_fn != NULL)
			lw_printf(OUT(c), "%s.call($self); ", init_fn);
		lw_puts(OUT(c), "return $self; } ");
	} else {
		lw_printf(OUT(c),
		    "function %s() { __cm.ctorCheck(new.target, "
		    "\"%s\"); ",
		    cname, clsinfo.cls_name);
		if (init_fn != NULL)
			lw_printf(OUT(c), "%s.call(this); ", init_fn);
		lw_puts(OUT(c), "} ");
	}
	if (derived)
		lw_printf(OUT(c), "var %s = %s; __cm.inherits(%s, $super",
		    clsinfo.super_ctor, cname, cname);
	else
		lw_printf(OUT(c), "__cm.classProto(%s", cname);
	if (display != NULL) {
		lw_puts(OUT(c), ", ");
		lw_put_string(OUT(c), display, strlen(display));
	}
	lw_puts(OUT(c), "); ");
	/* methods and computed keys, in source order */
	for (i = 0; i < n; i++) {
		struct ast_node *m = body->list_body.items[i];

		if (m == ctor || m->kind == AST_STATIC_BLOCK)
			continue;
		lw_sync_line(c, m);
		snprintf(
		    target, sizeof(target), "%s", m->is_static ? cname : proto);
		if (m->kind == AST_PROPERTY_DEFINITION) {
			if (m->is_computed) {
				keytmp[i] = lw_temp(c);
				lw_printf(
				    OUT(c), "%s = __cm.toKey(", keytmp[i]);
				lw_expr(c, m->key, P_ASSIGN);
				lw_puts(OUT(c), "); ");
			}
			continue;
		}
		if (m->key->kind == AST_PRIVATE_IDENTIFIER) {
			lw_printf(OUT(c), "__cm.privFn(%s, ",
			    lw_private_name(c, m->key));
			priv_ent(&ps, m->key)->methods |=
			    m->is_static ? PM_STATIC : PM_INST;
			c->pending_home = lw_cstr(c, target, strlen(target));
			c->pending_method = 1;
			lw_function(c, m->value, NULL, 0);
			lw_printf(OUT(c), ", %d); ", method_kind_num(m));
			continue;
		}
		lw_printf(OUT(c), "__cm.method(%s, ", target);
		key_value(c, m);
		lw_puts(OUT(c), ", ");
		c->pending_home = lw_cstr(c, target, strlen(target));
		c->pending_method = 1;
		lw_function(c, m->value, NULL, 0);
		lw_printf(OUT(c), ", %d); ", method_kind_num(m));
	}
	/* static private methods: the class carries their brands */
	for (i = 0; i < ps.n; i++)
		if (ps.ents[i].methods & PM_STATIC)
			lw_printf(OUT(c), "__cm.privBrand(%s, %s); ", cname,
			    ps.ents[i].var);
	/* instance fields and private methods: run per instance */
	if (init_fn != NULL) {
		struct lw_scope *is = lw_scope_of(c, body);
		struct lw_fn f;

		lw_printf(OUT(c), "function %s() { ", init_fn);
		c->scope = is ? is : s;
		lw_init_fn_begin(c, &f, is ? is : s);
		f.home = lw_cstr(c, proto, strlen(proto));
		for (i = 0; i < ps.n; i++)
			if (ps.ents[i].methods & PM_INST)
				lw_printf(OUT(c), "__cm.privBrand(this, %s); ",
				    ps.ents[i].var);
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
			field_value(c, m, keytmp[i]);
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

		if (!(m->kind == AST_STATIC_BLOCK ||
			(m->kind == AST_PROPERTY_DEFINITION && m->is_static)))
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
			field_value(c, m, keytmp[i]);
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
		lw_printf(OUT(c), "%s%s",
		    (derived || r != s->needs) ? ", " : "", r->env);
	lw_putc(OUT(c), ')');
}
