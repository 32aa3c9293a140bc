import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";
import { updatePopupSchema } from "~/lib/schemas/popups";
import { heldBack, mergePatch, pathsOf, replaces, without, withTargetingPairs } from "./patch";
import { publicationOf } from "./publish-bar";
import type { BuilderConfig, BuilderPatch, FieldErrors, Publication } from "./types";

/** SPEC §4/§9: edits apply locally at once and are saved about 100 ms later, with only the changed fields. */
const AUTOSAVE_DELAY_MS = 100;

/** An edit's field messages by dotted path, from the same schema the server applies. */
function validate(patch: BuilderPatch): FieldErrors {
  const parsed = updatePopupSchema.safeParse(patch);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) errors[issue.path.join(".") || "_"] ??= issue.message;
  return errors;
}

export type SaveStatus = "saved" | "saving" | "failed";

/** The popup's variant ids, "control,b3f1…", as one comparable value. */
const variantIdsOf = (popup: Pick<BuilderConfig, "variants">) => popup.variants.map(({ id }) => id).join(",");

/**
 * The builder's autosave. An edit a field refuses (SPEC §5's rules, the server's own schema) shows on
 * that field and is not sent; until every field is valid again the status says what was not saved.
 * A published popup's saves are its unpublished changes: `onSaved` hears where the popup stands after each.
 */
export function usePopupAutosave(
  storeId: string,
  initial: BuilderConfig,
  onSaved: (publication: Publication) => void,
) {
  const toast = useToast();
  const [config, setConfig] = useState(initial);
  // The popup as edited so far, read by an edit that completes a pair (see withTargetingPairs).
  const latest = useRef(initial);
  const [status, setStatus] = useState<SaveStatus>("saved");
  const [errors, setErrors] = useState<FieldErrors>({});
  // The variants as stored: what the popup's results are counted for.
  const [savedVariantIds, setSavedVariantIds] = useState(() => variantIdsOf(initial));
  const pending = useRef<BuilderPatch>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const url = `/api/stores/${storeId}/popups/${initial.id}`;

  // One save at a time: two at once would each merge into the same stored design and the later would
  // undo the earlier. Edits made meanwhile wait in `pending` and go out together next.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const send = useCallback(async () => {
    const body = pending.current;
    pending.current = {};
    // Everything edited since was refused or put back: nothing left to send.
    if (Object.keys(body).length === 0)
      return setStatus((current) => (current === "saving" ? "saved" : current));
    setStatus("saving");
    try {
      const saved = await apiRequest<BuilderConfig & Publication>("PUT", url, body);
      setSavedVariantIds(variantIdsOf(saved));
      onSaved(publicationOf(saved));
      if (Object.keys(pending.current).length === 0) setStatus("saved");
    } catch (error) {
      setStatus("failed");
      const refused = serverFieldErrors(error);
      // A refused field shows its message on the field itself; only a failure naming no field is a toast.
      if (Object.keys(refused).length > 0) return setErrors((current) => ({ ...current, ...refused }));
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to update popup configuration"),
        tone: "critical",
      });
    }
  }, [url, toast, onSaved]);

  const flush = useCallback(() => {
    queue.current = queue.current.then(send);
  }, [send]);

  /** Sends what waits for the autosave's delay now, and resolves once every save has answered. */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    flush();
    await queue.current;
  }, [flush]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Applies an edit at once and schedules the save of its valid fields. */
  const edit = useCallback(
    (change: BuilderPatch) => {
      const patch = withTargetingPairs(latest.current, change);
      latest.current = mergePatch(latest.current, patch);
      setConfig(latest.current);
      const refused = validate(patch);
      const edited = pathsOf(patch);
      setErrors((current) => {
        const next = Object.fromEntries(
          Object.entries(current).filter(
            // A message on the edited field, on one of its items, or on the pair it belongs to.
            ([path]) => !edited.some((field) => replaces(field, path) || replaces(path, field)),
          ),
        );
        return { ...next, ...refused };
      });
      const held = heldBack(Object.keys(refused));
      const valid = without(patch, held);
      // A refused value also drops an earlier, not yet sent value of the same field.
      pending.current = mergePatch(without(pending.current, held), valid);
      clearTimeout(timer.current);
      if (Object.keys(valid).length > 0) setStatus("saving");
      timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  /** An explicit save (cart validation): sent now, with a toast either way. */
  const saveNow = useCallback(
    async (patch: BuilderPatch, successMessage: string) => {
      try {
        const saved = await apiRequest<Publication>("PUT", url, patch);
        onSaved(publicationOf(saved));
        latest.current = mergePatch(latest.current, patch);
        setConfig(latest.current);
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
    [url, toast, onSaved],
  );

  return { config, status, errors, edit, saveNow, settle, savedVariantIds };
}
