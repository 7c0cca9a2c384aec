// What the stages work out from a loaded object, kept weakly in the State, so a watch run works out again only what
// a save changed (load hands unchanged files' same objects on). Kept in no module: two states share nothing.

/** One kind of value a Memo keeps, made from one kind of key object (declared where it is used). */
export interface Table<K extends object, V> {
  readonly name: string;
  /** Never set: carries the key and value types. */
  readonly types?: [K, V];
}

/** Declares a table of a Memo. */
export function table<K extends object, V>(name: string): Table<K, V> {
  return { name };
}

/** The values worked out from loaded objects, by table. */
export class Memo {
  private readonly tables = new Map<Table<object, unknown>, WeakMap<object, unknown>>();

  /** The table's map from key objects to values, made on first use. */
  map<K extends object, V>(t: Table<K, V>): WeakMap<K, V> {
    let m = this.tables.get(t as Table<object, unknown>);
    if (!m) this.tables.set(t as Table<object, unknown>, (m = new WeakMap()));
    return m as WeakMap<K, V>;
  }

  /** The table's value for `key`, made by `make` once. */
  get<K extends object, V>(t: Table<K, V>, key: K, make: (key: K) => V): V {
    const m = this.map(t);
    let v = m.get(key);
    if (v === undefined) m.set(key, (v = make(key)));
    return v;
  }
}
