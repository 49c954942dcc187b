const ok: string = "x";
let broken: Map<string, = 1;
