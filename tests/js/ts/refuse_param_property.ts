class P {
	constructor(private readonly x: number) {}
}
