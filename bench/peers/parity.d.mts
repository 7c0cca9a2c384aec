// Types of parity.mjs, for its test.
export interface PagePair {
  file: string;
  kind: string;
  ours: number;
  peer: number;
  elements: number;
  same: boolean;
}
export interface Parity {
  pages: PagePair[];
  onlyOurs: string[];
  onlyPeer: string[];
}
export function structure(html: string): string[];
export function parity(oursDir: string, peerDir: string): Promise<Parity>;
export function parityReport(p: Parity): { text: string; ok: boolean };
