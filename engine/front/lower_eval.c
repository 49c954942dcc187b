/*
 * eval: Duktape only runs ES5.1, so eval code is lowered at run time too.
 *
 * A direct eval `eval(x)` stays a direct eval for Duktape (the callee is
 * still the identifier `eval`) and becomes
 *
 *     eval(__cm.evalSrc(eval, x, mode, ["a", "b"], ["x", "x$3"]))
 *
 * __cm.evalSrc (50_lower.js) lowers x when it is a string and `eval` is
 * the real eval; mode: 1 when the caller is strict code, plus LOWER_F_THIS
 * and LOWER_F_ARGS in an arrow (the code's `this` and `arguments` are the
 * enclosing function's $this and $args). In sloppy
 * code the list names the lexical bindings between the call and its var
 * scope (and the parameters and `arguments`, for a call in a parameter
 * list): a `var` of
 * the eval code that would be hoisted over one of them is a SyntaxError
 * (EvalDeclarationInstantiation), which needs the names lw_eval_vars lists.
 * The last list (when not empty) pairs the names of visible bindings the
 * lowering renamed with their ES5 spelling, which the eval code then uses.
 */
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "lower_int.h"

static int
is_lexical_kind(enum lw_bkind k)
{
	return k == LW_B_LET || k == LW_B_CONST || k == LW_B_CLASS;
}

/* Whether node n lies inside the parameter list of function fn. */
static int
in_params(struct ast_node *fn, struct ast_node *n)
{
	struct ast_node *first, *last;

	if (fn == NULL ||
	    (fn->kind != AST_FUNCTION_EXPRESSION &&
		fn->kind != AST_FUNCTION_DECLARATION &&
		fn->kind != AST_ARROW_FUNCTION_EXPRESSION) ||
	    fn->params.len == 0)
		return 0;
	first = fn->params.items[0];
	last = fn->params.items[fn->params.len - 1];
	return n->start >= first->start && n->end <= last->end;
}

static void
put_name(struct lw_ctx *c, struct lw_binding *b, int *first)
{
	lw_puts(OUT(c), *first ? "" : ", ");
	lw_put_string(OUT(c), b->name.s, b->name.len);
	*first = 0;
}

const char *
lw_outer_name(struct lw_ctx *c, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < c->nouter * 2; i += 2)
		if (strlen(c->outer[i]) == len &&
		    memcmp(c->outer[i], name, len) == 0)
			return c->outer[i + 1];
	return NULL;
}

/*
 * The (name, text) pairs of the bindings visible here that the lowering
 * renamed (x$N) or put in a loop environment ($env$N.x), so that the eval
 * code spells them the same way: ", [\"x\", \"x$3\", ...]", or nothing.
 */
static void
put_renames(struct lw_ctx *c)
{
	struct lw_scope *s;
	struct lw_binding *b;
	size_t i;
	int first = 1;

	for (s = c->scope; s != NULL; s = s->parent) {
		for (b = s->first; b != NULL; b = b->next) {
			const char *name;

			if (b->kind == LW_B_IMPORT ||
			    (!b->env && strlen(b->emit) == b->name.len &&
				memcmp(b->emit, b->name.s, b->name.len) == 0) ||
			    lw_resolve(c, c->scope, b->name.s, b->name.len) !=
				b)
				continue;
			name = lw_cstr(c, b->name.s, b->name.len);
			lw_puts(OUT(c), first ? ", [" : ", ");
			lw_put_string(OUT(c), name, strlen(name));
			lw_puts(OUT(c), ", ");
			if (b->env)
				lw_printf(OUT(c), "\"%s.%s\"", b->scope->env,
				    b->emit);
			else
				lw_put_string(OUT(c), b->emit, strlen(b->emit));
			first = 0;
		}
	}
	/* eval code inside eval code: the caller's caller's renames */
	for (i = 0; i + 1 < c->nouter * 2; i += 2) {
		if (lw_resolve(c, c->scope, c->outer[i], strlen(c->outer[i])) !=
		    NULL)
			continue;
		lw_puts(OUT(c), first ? ", [" : ", ");
		lw_put_string(OUT(c), c->outer[i], strlen(c->outer[i]));
		lw_puts(OUT(c), ", ");
		lw_put_string(OUT(c), c->outer[i + 1], strlen(c->outer[i + 1]));
		first = 0;
	}
	if (!first)
		lw_putc(OUT(c), ']');
}

int
lw_direct_eval(struct lw_ctx *c, struct ast_node *n)
{
	struct ast_node *callee = n->callee;
	struct lw_scope *s, *ts;
	struct lw_binding *b;
	size_t i;
	unsigned mode;
	int first = 1;

	if (callee->kind != AST_IDENTIFIER ||
	    !lw_str_eq(callee->name, "eval") || n->arguments.len == 0 ||
	    lw_has_spread(&n->arguments) ||
	    lw_resolve(c, c->scope, "eval", 4) != NULL)
		return 0;
	lw_puts(OUT(c), "eval(__cm.evalSrc(eval, ");
	lw_expr(c, n->arguments.items[0], P_ASSIGN);
	ts = lw_this_scope(c->scope);
	mode = c->scope->strict ? 1 : 0;
	if (c->scope->fn->kind == LW_S_ARROW && !ts->derived_ctor)
		/* in an arrow: the code's this/arguments are $this/$args */
		mode |= LOWER_F_THIS |
		    (ts->kind == LW_S_FUNCTION ? LOWER_F_ARGS : 0);
	lw_printf(OUT(c), ", %u", mode);
	if (c->scope->strict) {
		struct lw_buf saved;
		const char *rn;

		lw_capture_begin(c, &saved);
		put_renames(c);
		rn = lw_capture_end(c, &saved);
		lw_printf(OUT(c), "%s%s)", *rn ? ", void 0" : "", rn);
	} else {
		lw_puts(OUT(c), ", [");
		for (s = c->scope; s != NULL; s = s->parent) {
			/* in a parameter list only the parameters exist yet */
			int params = s == s->fn && in_params(s->node, n);

			for (b = s->first; b != NULL; b = b->next)
				if (params ? b->kind == LW_B_PARAM
					   : is_lexical_kind(b->kind))
					put_name(c, b, &first);
			if (s == s->fn)
				break;
		}
		/* a function's parameter scope also binds `arguments` */
		if (s != NULL && s->kind == LW_S_FUNCTION &&
		    in_params(s->node, n)) {
			lw_puts(OUT(c), first ? "" : ", ");
			lw_puts(OUT(c), "\"arguments\"");
		}
		lw_putc(OUT(c), ']');
		put_renames(c);
		lw_putc(OUT(c), ')');
	}
	for (i = 1; i < n->arguments.len; i++) {
		lw_puts(OUT(c), ", ");
		lw_expr(c, n->arguments.items[i], P_ASSIGN);
	}
	lw_putc(OUT(c), ')');
	return 1;
}

char *
lw_eval_vars(struct lw_ctx *c, struct ast_node *program)
{
	struct lw_scope *s = lw_scope_of(c, program);
	struct lw_binding *b;
	struct lw_buf out = { 0 };

	if (s == NULL || s->strict)
		return NULL; /* strict eval code has its own var scope */
	for (b = s->first; b != NULL; b = b->next) {
		if (b->kind != LW_B_VAR && b->kind != LW_B_FUNC)
			continue;
		lw_put(&out, b->name.s, b->name.len);
		lw_putc(&out, '\n');
	}
	if (out.oom) {
		lw_buf_free(&out);
		return NULL;
	}
	return out.p;
}
