// A namespace holding only types is erasable, as are declare forms.
namespace Api {
	export interface Req { url: string }
	export type Method = "GET" | "POST";
}
declare namespace Ext { const v: number; }
declare module "m" { export function f(): void; }
declare global { interface Window { x: number } }
declare function ext(a: string): void;
declare let dv: number;
declare const enum Never { A }
declare class K { m(): void }
const req: Api.Req = { url: "/x" };
print(req.url, typeof Api);
