// Derived constructors: `this` before super(), a second super(), what a
// derived constructor may return.
function t(label, f) {
	try {
		console.log(label, f());
	} catch (e) {
		console.log(label, e.name);
	}
}
class B {
	constructor(o) {
		if (o)
			return o;
	}
}
class D extends B {
	constructor(mode) {
		if (mode === 1)
			this.x = 1;
		super();
		if (mode === 2)
			super();
		if (mode === 3)
			return null;
		if (mode === 4)
			return { r: 1 };
		if (mode === 5)
			return;
		if (mode === 6)
			return 1;
	}
}
t('plain', () => new D(0) instanceof D);
t('this before super', () => new D(1));
t('super twice', () => new D(2));
t('return null', () => new D(3));
t('return object', () => new D(4).r);
t('bare return', () => new D(5) instanceof D);
t('return 1', () => new D(6));
class NoSuper extends B {
	constructor() {}
}
t('no super call', () => new NoSuper());
class ObjOnly extends B {
	constructor() {
		return { ok: true };
	}
}
t('object without super', () => new ObjOnly().ok);
class Arrow extends B {
	constructor() {
		var self = () => this;
		super();
		this.same = self() === this;
	}
}
t('arrow this', () => new Arrow().same);
class LateArrow extends B {
	constructor() {
		var call = () => super();
		call();
		this.v = 7;
	}
}
t('super in arrow', () => new LateArrow().v);
