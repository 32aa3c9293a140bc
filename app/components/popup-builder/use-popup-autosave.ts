import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import type { BuilderConfig, BuilderPatch } from "./types";

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

export type SaveStatus = "saved" | "saving" | "failed";

export function usePopupAutosave(storeId: string, initial: BuilderConfig) {
  const toast = useToast();
  const [config, setConfig] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>("saved");
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
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to update popup configuration"),
        tone: "critical",
      });
    }
  }, [url, toast]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Applies an edit at once and schedules its save. */
  const edit = useCallback(
    (patch: BuilderPatch) => {
      setConfig((current) => mergePatch(current, patch) as BuilderConfig);
      pending.current = mergePatch(pending.current, patch);
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

  return { config, status, edit, saveNow };
}
