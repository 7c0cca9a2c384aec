// What the stages work out from a loaded object, kept for the next run in the pipeline's State: load hands an
// unchanged file's same objects to the next run, so a watch run handed the last run's Memo works out again only
// what a save changed (a hotel's own rules, its resolved texts, its inputs), while a build starts with an empty
// one. Nothing is kept in a module: two runs with two states share nothing. Keyed weakly by the objects, so it
// holds nothing once they are gone; the objects are frozen in tests (util/deep-freeze.ts), so a kept value
// cannot go stale under them.

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
