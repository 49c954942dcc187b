function logged(c: any) { return c; }
@logged
class C {}
