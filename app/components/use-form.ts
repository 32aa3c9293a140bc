import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { useAction } from "~/components/use-action";
import { fieldErrors } from "~/lib/form-errors";

type Values = Record<string, unknown>;
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * What a form's fields hold and the props a Polaris TextField needs for one of them:
 * `<TextField label="Email" {...field("email")} />` gets its value, its setter and its error.
 */
export function useFields<V extends Values>(
  initial: V,
  errors: Partial<Record<string, string>> = {},
  onEdit?: (name: keyof V & string) => void,
) {
  const [values, setValues] = useState(initial);
  const set =
    <K extends keyof V & string>(name: K) =>
    (value: V[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      onEdit?.(name);
    };
  const field = <K extends TextKey<V>>(name: K) => ({
    value: values[name] as string,
    onChange: set(name) as (value: string) => void,
    error: errors[name] || undefined,
  });
  return { values, set, field, reset: () => setValues(initial) };
}

type FormOptions<V extends Values, S extends z.ZodType> = {
  initial: V;
  /** Validates the typed values (with `hidden` ones) in the browser, with the messages the server uses. */
  schema: S;
  /** Sent with the typed values but not typed, like a reset link's token. */
  hidden?: Values;
  /** Sends the valid form and shows the outcome; a throw shows `failure` as a toast. */
  send: (data: z.output<S>) => Promise<void>;
  failure: { title: string; message: string };
  /**
   * `send` ends by navigating to another page: the button keeps its spinner until that page shows.
   * Otherwise (the form stays, or shows its outcome in place) it stops when `send` is done.
   */
  navigates?: boolean;
  /** A failed send is shown in the form (`failure`, for a Banner above the fields) instead of a toast. */
  failureInline?: boolean;
};

/**
 * A form checked with its zod schema before it is sent: errors under the fields (an edit clears the
 * edited field's, and those of values not typed), pending state, and a toast when sending fails (or
 * `failure`, shown in the form, with `failureInline`).
 */
export function useForm<V extends Values, S extends z.ZodType>(options: FormOptions<V, S>) {
  const { initial, schema, hidden, send, failure, navigates = false, failureInline = false } = options;
  const { pending: submitting, run } = useAction();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const fields = useFields(initial, errors, (name) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => key !== name && key in initial)),
    ),
  );

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = schema.safeParse({ ...hidden, ...fields.values });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSendFailure(null);
    await run(() => send(parsed.data), {
      ...failure,
      navigates,
      ...(failureInline ? { inline: setSendFailure } : {}),
    });
  }

  function reset() {
    fields.reset();
    setErrors({});
  }

  return { ...fields, errors, failure: sendFailure, submit, submitting, reset };
}
