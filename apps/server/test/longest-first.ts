import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A test sequencer that starts the named files first, in the order given, then the rest as vitest
 * orders them. Vitest starts files it has timed before longest first, and files it has not timed
 * largest first. A clean clone has timed nothing, and a suite's longest files can be its smallest:
 * a part of the bad-input or resource-contract suite is a four-line file. They started last and
 * ran alone at the end of the server's run, the workers beside them idle (ADR 017, thirteenth
 * pass). The names are the files measured longest, so a worker that frees up takes a short one.
 */
export function longestFirst(first: readonly string[]): typeof BaseSequencer {
  const rank = (file: TestSpecification) => {
    const index = first.findIndex((name) => file.moduleId.endsWith(name));
    return index === -1 ? first.length : index;
  };
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      return sorted
        .map((file, index) => ({ file, index, rank: rank(file) }))
        .sort(
          (a, b) =>
            a.file.project.config.sequence.groupOrder - b.file.project.config.sequence.groupOrder ||
            a.rank - b.rank ||
            a.index - b.index,
        )
        .map(({ file }) => file);
    }
  };
}
