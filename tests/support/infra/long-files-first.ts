import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The integration files that take longest (each 25–60 s: they wait on killed workers, leases, several
 * processes, or run large request matrices), measured on a fresh clone. Vitest orders a run by the last run's
 * durations, which a fresh clone has none of: it would then start the largest files first, and these could
 * start last and end the run alone while the other workers sit idle.
 */
const LONG_FILES = [
  "faults",
  "several-processes",
  "rate-limit",
  "bad-input",
  "hostile-requests",
  "authorization",
  "campaign-worker-crash",
  "pglite",
  "production-env",
  "campaign-delivery",
  "setup-signup",
].map((name) => `tests/integration/${name}.test.ts`);

const rank = (spec: TestSpecification) => {
  const index = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONG_FILES.length : index;
};

/** The long files first, longest first; then Vitest's own order (its cache, else the largest files). */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
