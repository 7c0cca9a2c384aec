// Where the CLI and its subcommands print, in a module of its own so subcommands need not import the CLI.

/** Where the CLI prints; tests pass their own. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd?: string;
  /** Ends `watch` (tests); without it, watch ends on SIGINT or SIGTERM. */
  signal?: AbortSignal;
  /** Called once watch serves, with its URL (tests). */
  onServing?: (url: string) => void;
  /** Writes a progress line as it is (carriage returns included); set only when stderr is a terminal. */
  progress?: (text: string) => void;
  /** Writes a line saying how far a long command got (every 10 s); set only when stderr is not a terminal (CI, logs). */
  heartbeat?: (text: string) => void;
}
