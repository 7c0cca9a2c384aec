// Runs as watch makes them: a first build kept in a session, then updates with the files each save changed.
import { runBuild } from "../../src/build.js";
import { Session, type RunOptions, type RunReport, type State } from "../../src/state.js";
import { update } from "../../src/update.js";

/** A session's runs: `run()` builds (again, while no build succeeded), `run(files)` updates the last good state. */
export class WatchRuns {
  readonly session: Session;
  state?: State;
  constructor(opts: RunOptions) {
    this.session = new Session(opts);
  }
  async run(changed?: Iterable<string>): Promise<RunReport> {
    const r = this.state && changed ? await update(this.session, this.state, changed) : await runBuild(this.session, true);
    this.state = r.state ?? this.state;
    return r.report;
  }
  close(): Promise<void> {
    return this.session.close();
  }
}
