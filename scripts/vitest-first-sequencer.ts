/**
 * A vitest sequencer that starts the files a package names first (its `runFirst` list) before
 * the rest, in vitest's own order otherwise. A file that waits minutes on purpose (the sdk's silent
 * 90 s tool) then overlaps the other files instead of running alone at the end; vitest's default
 * order on a fresh clone (no timing cache, as in CI) is by file size, which would not put it first.
 */
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/** Makes a sequencer class that runs the given files (paths relative to the package) first. */
export function runFirstSequencer(runFirst: readonly string[]): typeof BaseSequencer {
  const first = new Set(runFirst.map((file) => file.replaceAll('\\', '/')));
  const rank = (spec: TestSpecification): number =>
    first.has(relative(spec.project.config.root, spec.moduleId).replaceAll('\\', '/')) ? 0 : 1;
  return class RunFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      // Array.prototype.sort is stable: the named files move to the front, the rest keep their order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
