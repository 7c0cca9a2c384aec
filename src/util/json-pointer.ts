// JSON pointers (RFC 6901), the one place their "~0" and "~1" escapes are written: errors, warnings, translations
// and the CMS's schema references name a field by its pointer.

/** One key as a pointer segment ("~" and "/" escaped). */
export const pointerSegment = (key: string | number): string => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

/** The key a pointer segment names. */
export const segmentKey = (segment: string): string => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/** The pointer of a child of `pointer`. */
export const childPointer = (pointer: string, key: string | number): string => `${pointer}/${pointerSegment(key)}`;

/** The pointer of a path of keys from the root. */
export const pathPointer = (keys: readonly (string | number)[]): string => keys.map((k) => `/${pointerSegment(k)}`).join("");
