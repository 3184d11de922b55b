import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with a plain `N passed, N failed, N skipped` line that any CI reader can count. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      const failedBefore = counts.failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      // A file that failed to load, or whose hook failed and so skipped its tests, is a failure
      // all the same.
      if (module.state() === 'failed' && counts.failed === failedBefore) counts.failed++;
    }
    // Vitest fails the run on an unhandled error; so does the count.
    counts.failed += unhandledErrors.length;
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
