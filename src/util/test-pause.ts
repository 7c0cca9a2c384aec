// A test hook, inert unless HOTELSITE_TEST_PAUSE names a point: the build then stops there and waits to be
// killed, so tests can SIGKILL it at a known moment and show that the previous output survives.

/** Waits forever when HOTELSITE_TEST_PAUSE equals `point` (saying so on stderr); otherwise returns at once. */
export async function pauseFor(point: string): Promise<void> {
  if (process.env.HOTELSITE_TEST_PAUSE !== point) return;
  process.stderr.write(`hotelsite: paused at ${point}\n`);
  await new Promise(() => setInterval(() => {}, 60_000));
}
