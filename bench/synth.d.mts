// Types of synth.mjs, for the test that checks synthetic content.
export function synth(opts: { hotels: number; out: string; from?: string }): Promise<number>;
export function synthHotels(byLayout: Map<string, unknown[]>, n: number): unknown[];
export function variant<T>(hotel: T, copy: number): T;
