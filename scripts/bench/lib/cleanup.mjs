/**
 * Undo steps for a benchmark run (stop servers, remove temporary files), run newest first at the
 * end, or at once on Ctrl-C / SIGTERM. `interrupted` tells the run and its steps which case it is:
 * interrupted servers are killed outright instead of waiting for the load still running here.
 */
export function createCleanup({ onSignal = () => {} } = {}) {
  const steps = [];
  let interrupted = false;

  async function run() {
    while (steps.length) {
      try {
        await steps.pop()();
      } catch (error) {
        console.error(error);
      }
    }
  }

  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      interrupted = true;
      onSignal(signal);
      await run();
      process.exit(130);
    });
  }

  return {
    add: (step) => steps.push(step),
    run,
    get interrupted() {
      return interrupted;
    },
  };
}
