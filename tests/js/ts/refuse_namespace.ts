namespace Util {
	export const v = 1;
}
