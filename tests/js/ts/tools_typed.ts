// A program in the shape models write against tools described to them as
// TypeScript declarations: typed tool results, interfaces, generics, casts.
interface Order {
	id: string;
	total: number;
	customer?: { name: string; email?: string };
	lines: Array<{ sku: string; qty: number }>;
}
type OrderId = Order["id"];
declare const console2: { log(...args: unknown[]): void };

const store = {
	async listOrders(): Promise<Order[]> {
		return [
			{ id: "o1", total: 30, customer: { name: "Ann" }, lines: [{ sku: "a", qty: 2 }] },
			{ id: "o2", total: 12.5, lines: [] },
		];
	},
	async getOrder(id: OrderId): Promise<Order | undefined> {
		return (await this.listOrders()).find((o: Order) => o.id === id);
	},
};

async function main(): Promise<void> {
	const orders: Order[] = await store.listOrders();
	const ids = orders.map((o): string => o.id as string);
	print(ids.join(","));
	const named = orders.filter((o) => o.customer?.name !== undefined);
	print(named.length, named[0]!.customer!.name);
	const o2 = (await store.getOrder("o2"))!;
	print(o2.total satisfies number, o2.customer?.email ?? "none");
	const byId: Record<string, number> = {};
	for (const o of orders) byId[o.id] = o.total;
	print(JSON.stringify(byId));
	const qty = orders.reduce<number>((n: number, o: Order) =>
	    n + o.lines.reduce((m, l) => m + l.qty, 0), 0);
	print("qty", qty);
}
main().then(() => print("done"), (e: Error) => print("failed", e.message));
