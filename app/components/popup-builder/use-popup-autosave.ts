import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast";
import { ApiError, apiRequest, failureMessage } from "~/lib/api-client";
import { updatePopupSchema } from "~/lib/schemas/popups";
import type { BuilderConfig, BuilderPatch, FieldErrors } from "./types";

/** SPEC §4/§9: edits apply locally at once and are saved about 100 ms later, with only the changed fields. */
const AUTOSAVE_DELAY_MS = 100;

function mergePatch(into: BuilderPatch, patch: BuilderPatch): BuilderPatch {
  const merged: Record<string, unknown> = { ...into };
  for (const [key, value] of Object.entries(patch)) {
    const previous = merged[key];
    const bothObjects =
      value && typeof value === "object" && !Array.isArray(value) && previous && typeof previous === "object";
    merged[key] = bothObjects ? { ...previous, ...value } : value;
  }
  return merged as BuilderPatch;
}

/** The dotted paths a patch sets ("title", "layout.width"): the fields whose errors an edit replaces. */
function pathsOf(patch: BuilderPatch): string[] {
  return Object.entries(patch).flatMap(([key, value]) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.keys(value).map((inner) => `${key}.${inner}`)
      : [key],
  );
}

/** The patch less the fields at `paths`. */
function without(patch: BuilderPatch, paths: string[]): BuilderPatch {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (paths.includes(key)) continue;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const inner = Object.fromEntries(
        Object.entries(value).filter(([name]) => !paths.includes(`${key}.${name}`)),
      );
      if (Object.keys(inner).length > 0) kept[key] = inner;
    } else kept[key] = value;
  }
  return kept as BuilderPatch;
}

/** An edit's field messages by dotted path, from the same schema the server applies. */
function validate(patch: BuilderPatch): FieldErrors {
  const parsed = updatePopupSchema.safeParse(patch);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) errors[issue.path.join(".") || "_"] ??= issue.message;
  return errors;
}

export type SaveStatus = "saved" | "saving" | "failed";

/**
 * The builder's autosave. An edit a field refuses (SPEC §5's rules, the server's own schema) shows on
 * that field and is not sent; until every field is valid again the status says what was not saved.
 */
export function usePopupAutosave(storeId: string, initial: BuilderConfig) {
  const toast = useToast();
  const [config, setConfig] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>("saved");
  const [errors, setErrors] = useState<FieldErrors>({});
  const pending = useRef<BuilderPatch>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const url = `/api/stores/${storeId}/popup`;

  const flush = useCallback(async () => {
    const body = pending.current;
    pending.current = {};
    if (Object.keys(body).length === 0) return;
    setStatus("saving");
    try {
      await apiRequest("PUT", url, body);
      setStatus("saved");
    } catch (error) {
      setStatus("failed");
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        const refused = Object.fromEntries(
          Object.entries(error.fieldErrors).map(([path, messages]) => [path, messages[0] ?? error.message]),
        );
        setErrors((current) => ({ ...current, ...refused }));
      }
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to update popup configuration"),
        tone: "critical",
      });
    }
  }, [url, toast]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Applies an edit at once and schedules the save of its valid fields. */
  const edit = useCallback(
    (patch: BuilderPatch) => {
      setConfig((current) => mergePatch(current, patch) as BuilderConfig);
      const refused = validate(patch);
      const edited = pathsOf(patch);
      setErrors((current) => {
        const next = Object.fromEntries(Object.entries(current).filter(([path]) => !edited.includes(path)));
        return { ...next, ...refused };
      });
      const valid = without(patch, Object.keys(refused));
      // A refused value also drops an earlier, not yet sent value of the same field.
      pending.current = mergePatch(without(pending.current, Object.keys(refused)), valid);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  /** An explicit save (cart validation): sent now, with a toast either way. */
  const saveNow = useCallback(
    async (patch: BuilderPatch, successMessage: string) => {
      try {
        await apiRequest("PUT", url, patch);
        setConfig((current) => mergePatch(current, patch) as BuilderConfig);
        toast({ title: "Success", message: successMessage, tone: "success" });
        return true;
      } catch (error) {
        toast({
          title: "Error",
          message: failureMessage(error, "Failed to update popup configuration"),
          tone: "critical",
        });
        return false;
      }
    },
    [url, toast],
  );

  return { config, status, errors, edit, saveNow };
}
