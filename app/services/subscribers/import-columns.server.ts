import type { ImportMapping } from "~/lib/schemas/subscriber-import";
import {
  consentChoiceProblem,
  guessMeanings,
  IMPORT_MEANINGS,
  type ImportMeaning,
  lockedMeanings,
} from "~/lib/subscriber-import/meanings";
import { invalid } from "~/server/domain-errors.server";

export type ImportedMeaning = Exclude<ImportMeaning, "skip">;

/** Which column holds each meaning, the columns left out, and the columns consent is read from. */
export type ColumnPlan = {
  columns: Map<ImportedMeaning, number>;
  ignored: string[];
  consentColumns: string[];
};

const quoted = (names: string[]) =>
  names
    .slice(0, 5)
    .map((name) => `"${name.slice(0, 80)}"`)
    .join(", ") + (names.length > 5 ? ` and ${names.length - 5} more` : "");

/**
 * The header row read as subscriber fields: by the merchant's mapping ({ header: meaning }) when given, else
 * by the guesses of the mapping step. A column guessed as consent keeps that meaning whatever the mapping
 * says (lockedMeanings); a file with several consent columns needs the mapping to choose one of them
 * (consentChoiceProblem); a mapping naming a column the file lacks, giving one meaning to two columns, or
 * leaving out the email is refused with what to change.
 */
export function planColumns(header: string[], mapping?: ImportMapping): ColumnPlan {
  const names = header.map((name) => name.trim());
  const meanings = mapping ? mappedMeanings(names, mapping) : guessMeanings(names);
  const consentProblem = consentChoiceProblem(names, meanings);
  if (consentProblem) throw invalid(consentProblem);
  const columns = new Map<ImportedMeaning, number>();
  const ignored: string[] = [];
  meanings.forEach((meaning, index) => {
    if (meaning === "skip") {
      if (names[index]) ignored.push(names[index]);
      return;
    }
    const taken = columns.get(meaning);
    if (taken !== undefined)
      throw invalid(
        `Two columns are mapped to ${IMPORT_MEANINGS[meaning]}: ${quoted([names[taken] ?? "", names[index] ?? ""])}. Map each meaning to one column at most.`,
      );
    columns.set(meaning, index);
  });
  if (!columns.has("email"))
    throw invalid(
      mapping
        ? "The mapping needs an email column: map one column of the file to email"
        : "The CSV file needs an email column: its first line must name the columns, one of them Email (or E-mail, Email address)",
    );
  const consentColumns = (["consent", "optedOutAt", "cleanedAt"] as const)
    .map((meaning) => columns.get(meaning))
    .filter((index) => index !== undefined)
    .map((index) => names[index] ?? "");
  return { columns, ignored, consentColumns };
}

/** The mapping applied to the header: an unlisted column is not imported, unless it holds consent. */
function mappedMeanings(names: string[], mapping: ImportMapping): ImportMeaning[] {
  const present = new Set(names);
  const unknown = Object.keys(mapping).filter((name) => !present.has(name.trim()));
  if (unknown.length > 0)
    throw invalid(`The mapping names columns the file does not have: ${quoted(unknown)}`);
  const byName = new Map(Object.entries(mapping).map(([name, meaning]) => [name.trim(), meaning]));
  const locked = lockedMeanings(names);
  const seen = new Set<string>();
  return names.map((name, index) => {
    const first = !seen.has(name);
    seen.add(name);
    const kept = locked[index];
    const chosen = first ? byName.get(name) : undefined;
    if (kept && chosen && chosen !== kept)
      throw invalid(
        `The column "${name.slice(0, 80)}" says who agreed to email marketing: it stays mapped to ${IMPORT_MEANINGS[kept]}`,
      );
    return kept ?? chosen ?? "skip";
  });
}
