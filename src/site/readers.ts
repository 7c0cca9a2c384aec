// Which pages read each input, as the last run recorded it, so planning looks up the few inputs a save changed.
import type { Input } from "./inputs.js";
import type { PageInputs } from "./resolve.js";

/** The pages (output files) that recorded each input. */
export class Readers {
  private readonly by = new Map<Input, string[]>();

  /** The index of every page's recorded inputs. */
  static of(inputs: ReadonlyMap<string, PageInputs>): Readers {
    const r = new Readers();
    for (const [page, read] of inputs) r.add(page, read);
    return r;
  }

  /** The pages that read any of `changed`. */
  pagesOf(changed: Iterable<Input>): Set<string> {
    const out = new Set<string>();
    for (const id of changed) for (const page of this.by.get(id) ?? []) out.add(page);
    return out;
  }

  /** Brings the index from the inputs pages recorded before (`was`) to those of the pages resolved again (`now`). */
  update(was: ReadonlyMap<string, PageInputs>, now: ReadonlyMap<string, PageInputs>): void {
    for (const [page, read] of now) {
      const before = was.get(page);
      // Most pages resolved again read what they read before, in the same order.
      if (before === read || (before?.length === read.length && before.every((id, i) => id === read[i]))) continue;
      if (!before) {
        this.add(page, read);
        continue;
      }
      const kept = new Set(read);
      for (const id of before) if (!kept.has(id)) this.remove(page, id);
      const had = new Set(before);
      this.add(page, read.filter((id) => !had.has(id)));
    }
  }

  private add(page: string, read: PageInputs): void {
    for (const id of read) {
      const list = this.by.get(id);
      if (list) list.push(page);
      else this.by.set(id, [page]);
    }
  }

  private remove(page: string, id: Input): void {
    const list = this.by.get(id);
    const at = list?.indexOf(page) ?? -1;
    if (at >= 0) list!.splice(at, 1);
  }
}
